/**
 * The brand the app was built with (brand/brand.yaml, or the file BRAND_FILE names): name, title, short
 * name, logo URL, phone and WhatsApp numbers, address, opening hours. The brand plugin
 * (flow-tools/brand/vite-plugin-brand.ts) checks the file and hands it over as plain JSON; the colours
 * reach the pages as CSS custom properties (`--brand-primary`, ...). The intake's own wording, the
 * header's tagline included, lives in flows/consultation.flow.yaml.
 */
export { brand } from 'virtual:brand'
