import react from '@vitejs/plugin-react'
import type { InlineConfig } from 'vite'
import { chakraThemeAlias } from './chakra-theme-alias.ts'
import { cssClassName } from './css-class-names.ts'
import { syncExternalStoreAliases } from './sync-external-store-alias.ts'
import { brandPlugin, type BrandPluginOptions } from '../flow-tools/brand/vite-plugin-brand.ts'
import { flowPlugin, type FlowPluginOptions } from '../flow-tools/vite-plugin-flow.ts'
import { projectAliases } from './project-aliases.ts'

/** What compiling the app's modules takes, for the browser, the build's prerender and the tests alike. */
export function appModules({ flowFile, brandFile }: FlowPluginOptions & BrandPluginOptions = {}): Pick<InlineConfig, 'plugins' | 'resolve' | 'css'> {
  return {
    plugins: [react(), flowPlugin({ flowFile }), brandPlugin({ brandFile })],
    resolve: { alias: [...projectAliases, chakraThemeAlias, ...syncExternalStoreAliases] },
    css: { modules: { generateScopedName: cssClassName } },
  }
}
