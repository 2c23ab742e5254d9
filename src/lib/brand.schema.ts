import { z } from 'zod'
import { gstinProblem } from './gstin.ts'

/**
 * The brand file (brand/brand.yaml): who the business is and how it looks. Only the build-time tooling
 * (flow-tools/brand/) parses a brand file with this schema; the app gets the checked brand as plain
 * JSON from `virtual:brand` (lib/brand.ts) and its colours as CSS custom properties.
 */

/** Control characters, and the invisible marks that reorder how the text around them reads. */
const hiddenCharacters = /[\p{Cc}\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u

function text(field: string, max: number, { lines = false } = {}) {
  return z
    .string({ error: `${field} must be text` })
    .max(max, `${field} must be at most ${max} characters`)
    .refine((value) => /\S/.test(value), `${field} must not be empty`)
    .refine(
      (value) => !hiddenCharacters.test(lines ? value.replaceAll('\n', '') : value),
      lines ? `${field} must not hold control characters (new lines are fine)` : `${field} must be one line, without control characters`,
    )
}

function hexColour(field: string) {
  return z
    .string({ error: `${field} must be a hex colour in quotes, e.g. "#fde047" (unquoted, # starts a YAML comment)` })
    .regex(/^#[0-9a-fA-F]{6}$/, `${field} must be a hex colour: # and six hex digits, e.g. "#fde047"`)
}

function phoneNumber(field: string) {
  return z
    .string({ error: `${field} must be text in quotes, e.g. "919876543210"` })
    .regex(/^[1-9]\d{7,14}$/, `${field} must be digits only: country code and number, e.g. "919876543210"`)
}

/** A path under the brand file's folder: relative, without `..`. */
function isBesideBrandFile(path: string): boolean {
  return !/^([\\/]|[a-zA-Z]:)/.test(path) && !path.split(/[\\/]/).includes('..')
}

export const brandSchema = z.strictObject({
  name: text('name', 40).describe('The brand name: the logo\'s alternative text, "<name> AI Admin" on the sign-in screen, "<name> Bespoke Admin Dashboard"'),
  title: text('title', 60).describe("The business name: the chat's header and the browser tab"),
  short_name: z
    .string({ error: 'short_name must be text' })
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'short_name must be lowercase letters and digits, words joined by -, e.g. "kanak"')
    .max(30, 'short_name must be at most 30 characters')
    .describe('File names: the CSV export is <short_name>-leads-<date>.csv'),
  description: text('description', 160).describe('What search engines and link previews say of the site'),
  logo: z
    .string({ error: 'logo must be the name of an image file' })
    .regex(/\.(svg|png|webp)$/, 'logo must be an .svg, .png or .webp file (lowercase)')
    .refine(isBesideBrandFile, 'logo must be a file in the brand file\'s folder or below it, e.g. "logo.svg"')
    .describe("The logo image, beside the brand file: SVG, PNG or WebP, at most 64 KB. The chat's header and the browser tab show it"),
  colours: z
    .strictObject({
      primary: hexColour('colours.primary').describe('The fill of buttons and highlights; dark text goes on it, so it must be light'),
      accent: hexColour('colours.accent').describe("The visitor's answers in the chat (white text on it) and the text of outlined buttons, so it must be dark"),
    })
    .describe('Checked for contrast: text on them must reach WCAG AA (4.5:1)'),
  phone: phoneNumber('phone').describe('The number visitors call: country code and number, digits only, e.g. "919876543210"'),
  whatsapp: phoneNumber('whatsapp').describe('The WhatsApp number of the chat\'s and the dashboard\'s WhatsApp links: country code and number, digits only'),
  address: text('address', 300, { lines: true }).describe('The shop\'s postal address, as it is printed; may span lines'),
  hours: text('hours', 200, { lines: true }).describe('Opening hours, as a sentence people read, e.g. "Monday to Saturday, 10 am to 7 pm"'),
  gstin: z
    .string({ error: 'gstin must be text' })
    .superRefine((value, context) => {
      const problem = gstinProblem(value)
      if (problem) context.addIssue({ code: 'custom', message: problem })
    })
    .optional()
    .describe('GST identification number, for quotes and invoices: 15 characters, e.g. "27AAPFU0939F1ZV"'),
})

/** The brand: in the brand file, `logo` names the image beside it; in the app (`virtual:brand`), it is the image's URL. */
export type Brand = z.infer<typeof brandSchema>
