/** An sRGB colour as three channels of 0–255. */
export type Rgb = readonly [number, number, number]

/** `#rrggbb` (as the brand schema allows) as channels. */
export function parseHex(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16)
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255]
}

export function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`
}

/** `amount` of `other` mixed into `base` (0: base, 1: other), channel by channel in sRGB as CSS color-mix does. */
export function mix(base: Rgb, other: Rgb, amount: number): Rgb {
  return [0, 1, 2].map((index) => base[index]! + (other[index]! - base[index]!) * amount) as unknown as Rgb
}

/** Relative luminance as WCAG 2 defines it. */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** WCAG 2 contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}
