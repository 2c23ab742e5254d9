import { describe, expect, it } from 'vitest'
import { formatProblem } from '../flow-problem'
import { parseBrand } from './parse-brand'

const file = 'brand/test.yaml'

/** A valid brand file; each test breaks one part of it. */
const valid = `name: "Moti"
title: "Moti Jewels"
short_name: "moti"
description: "Pearls and gold, designed with you."
logo: "logo.png"
colours:
  primary: "#bae6fd"
  accent: "#1e3a8a"
phone: "918041234567"
whatsapp: "919900112233"
address: |-
  12 MG Road
  Bengaluru 560001
hours: "Tuesday to Sunday, 11 am to 8 pm"
`

function problems(source: string): string[] {
  const result = parseBrand(source, file)
  return result.ok ? [] : result.problems.map(formatProblem)
}

/** The problems of the valid brand with one line replaced. */
function problemsWith(line: string, replacement: string): string[] {
  expect(valid).toContain(line)
  return problems(valid.replace(line, replacement))
}

/** `file:line:col` of `needle` (plus an offset) in the valid brand with one line replaced. */
function at(line: string, replacement: string, needle: string, offset = 0): string {
  const source = valid.replace(line, replacement)
  const before = source.slice(0, source.indexOf(needle) + offset).split('\n')
  return `${file}:${before.length}:${(before.at(-1)?.length ?? 0) + 1}`
}

/** The one problem of the valid brand with `line` replaced, positioned at `needle`. */
function expectProblem(line: string, replacement: string, needle: string, message: string) {
  expect(problemsWith(line, replacement)).toEqual([`${at(line, replacement, needle)} ${message}`])
}

describe('a brand file', () => {
  it('reads the valid brand with its fields as written', () => {
    const result = parseBrand(valid, file)
    expect(result.ok && result.brand).toMatchObject({ name: 'Moti', short_name: 'moti', address: '12 MG Road\nBengaluru 560001', colours: { primary: '#bae6fd' } })
  })

  it('puts each text problem at its value', () => {
    expectProblem('name: "Moti"', 'name: ""', '""', 'name must not be empty')
    expectProblem('name: "Moti"', 'name: "   "', '"   "', 'name must not be empty')
    expectProblem('name: "Moti"', `name: "${'M'.repeat(41)}"`, '"MMM', 'name must be at most 40 characters')
    expectProblem('name: "Moti"', 'name: 42', '42', 'name must be text')
    expectProblem('title: "Moti Jewels"', 'title: "Moti\\nJewels"', '"Moti\\n', 'title must be one line, without control characters')
    expectProblem('description: "Pearls and gold, designed with you."', 'description: ["Pearls"]', '["Pearls"]', 'description must be text')
    expectProblem('hours: "Tuesday to Sunday, 11 am to 8 pm"', `hours: "${'x'.repeat(201)}"`, '"xxx', 'hours must be at most 200 characters')
  })

  it('refuses invisible characters that would reorder or hide what the name says, but takes any script and line breaks where allowed', () => {
    expectProblem('name: "Moti"', 'name: "Moti\\u202Eilarap"', '"Moti\\u', 'name must be one line, without control characters')
    expectProblem('name: "Moti"', 'name: "Mo\\u0000ti"', '"Mo\\u', 'name must be one line, without control characters')
    const address = 'address: |-\n  12 MG Road\n  Bengaluru 560001'
    expectProblem(address, 'address: "12 MG Road\\u0007"', '"12 MG', 'address must not hold control characters (new lines are fine)')
    expect(problemsWith('name: "Moti"', 'name: "मोती"')).toEqual([])
  })

  it('keeps HTML in a name as text: it is a valid name', () => {
    expect(problemsWith('name: "Moti"', 'name: "<img src=x onerror=alert(1)>"')).toEqual([])
  })

  it('names a missing field at its mapping and an unknown one at its key', () => {
    expect(problemsWith('title: "Moti Jewels"\n', '')).toEqual([`${file}:1:1 missing 'title'`])
    expect(problemsWith('  accent: "#1e3a8a"\n', '')).toEqual([`${at('  accent: "#1e3a8a"\n', '', 'primary')} missing 'accent'`])
    expectProblem('hours: "Tuesday to Sunday, 11 am to 8 pm"', 'hours: "Daily"\ntagline: "Pearls"', 'tagline', "unknown key 'tagline'")
  })

  it('takes a short name fit for file names', () => {
    expectProblem('short_name: "moti"', 'short_name: "Moti Pearls"', '"Moti Pearls"', 'short_name must be lowercase letters and digits, words joined by -, e.g. "kanak"')
    expectProblem('short_name: "moti"', 'short_name: "../moti"', '"../moti"', 'short_name must be lowercase letters and digits, words joined by -, e.g. "kanak"')
    expect(problemsWith('short_name: "moti"', 'short_name: "moti-pearls-2"')).toEqual([])
  })

  it('takes a logo beside the brand file, of an image type the pages show', () => {
    expectProblem('logo: "logo.png"', 'logo: "logo.gif"', '"logo.gif"', 'logo must be an .svg, .png or .webp file (lowercase)')
    expectProblem('logo: "logo.png"', 'logo: "../../secrets/key.svg"', '"../../', 'logo must be a file in the brand file\'s folder or below it, e.g. "logo.svg"')
    expectProblem('logo: "logo.png"', 'logo: "/etc/logo.svg"', '"/etc', 'logo must be a file in the brand file\'s folder or below it, e.g. "logo.svg"')
    expect(problemsWith('logo: "logo.png"', 'logo: "images/logo.webp"')).toEqual([])
  })

  it('takes colours as quoted hex, and says why an unquoted one is empty', () => {
    expectProblem('  primary: "#bae6fd"', '  primary: "light blue"', '"light blue"', 'colours.primary must be a hex colour: # and six hex digits, e.g. "#fde047"')
    expectProblem('  primary: "#bae6fd"', '  primary: "#bae6f"', '"#bae6f"', 'colours.primary must be a hex colour: # and six hex digits, e.g. "#fde047"')
    expectProblem(
      '  accent: "#1e3a8a"',
      '  accent: #1e3a8a',
      '#1e3a8a',
      'colours.accent must be a hex colour in quotes, e.g. "#fde047" (unquoted, # starts a YAML comment)',
    )
  })

  it('refuses colours that leave text unreadable, with the contrast it would have', () => {
    expectProblem(
      '  primary: "#bae6fd"',
      '  primary: "#7f1d1d"',
      '"#7f1d1d"',
      'colours.primary #7f1d1d leaves the dark text of hovered buttons at a contrast of 1.85:1; WCAG AA needs 4.5:1, choose a lighter colour',
    )
    expectProblem(
      '  accent: "#1e3a8a"',
      '  accent: "#f59e0b"',
      '"#f59e0b"',
      'colours.accent #f59e0b leaves its text on hovered outlined buttons at a contrast of 2.00:1; WCAG AA needs 4.5:1, choose a darker colour',
    )
  })

  it('takes phone numbers as digits with the country code', () => {
    const digitsOnly = (field: string) => `${field} must be digits only: country code and number, e.g. "919876543210"`
    expectProblem('phone: "918041234567"', 'phone: "+91 80 4123 4567"', '"+91', digitsOnly('phone'))
    expectProblem('phone: "918041234567"', 'phone: "08041234567"', '"0804', digitsOnly('phone'))
    expectProblem('phone: "918041234567"', 'phone: 918041234567', '918041234567', 'phone must be text in quotes, e.g. "919876543210"')
    expectProblem('whatsapp: "919900112233"', 'whatsapp: "9900"', '"9900"', digitsOnly('whatsapp'))
    expectProblem('whatsapp: "919900112233"', `whatsapp: "${'9'.repeat(16)}"`, '"999', digitsOnly('whatsapp'))
  })

  it('takes an optional GSTIN, checked as the GST network checks it', () => {
    const withGstin = (gstin: string) => ['hours: "Tuesday to Sunday, 11 am to 8 pm"', `hours: "Daily"\ngstin: "${gstin}"`] as const
    expect(problemsWith(...withGstin('27AAPFU0939F1ZV'))).toEqual([])
    expectProblem(...withGstin('27AAPFU0939F1Z'), '"27AAP', 'gstin must be 15 capital letters and digits: state code, PAN, entity number, Z and a check character, e.g. "27AAPFU0939F1ZV"')
    expectProblem(...withGstin('27aapfu0939f1zv'), '"27aap', 'gstin must be 15 capital letters and digits: state code, PAN, entity number, Z and a check character, e.g. "27AAPFU0939F1ZV"')
    expectProblem(...withGstin('45AAPFU0939F1ZV'), '"45AAP', 'gstin starts with 45, which is no GST state code (01–38, 97, 99)')
    expectProblem(...withGstin('27AAPFU0939F1ZW'), '"27AAP', "gstin's check character is W, but its first 14 characters give V: a character is mistyped")
  })

  it('answers a file that is no brand with one clear problem', () => {
    const message = 'a brand file must be a YAML mapping with name, title, short_name, description, logo, colours, phone, whatsapp, address, hours, gstin'
    expect(problems('')).toEqual([`${file}:1:1 ${message}`])
    expect(problems('- Moti\n')).toEqual([`${file}:1:1 ${message}`])
    expect(problems('name: "Moti\n')[0]).toMatch(/^brand\/test\.yaml:2:1 YAML: Missing closing "quote/)
    expect(problems(`name: "${'M'.repeat(600_000)}"`)).toEqual([`${file}:1:1 file is too large (limit 512 KB)`])
  })

  it('refuses an alias bomb instead of expanding it', () => {
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]', ...Array.from({ length: 8 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10).fill(`*${String.fromCharCode(97 + i)}`).join(', ')}]`)].join('\n')
    expect(problems(bomb)[0]).toMatch(/^brand\/test\.yaml:1:1 YAML: .*alias/i)
  })
})
