import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { formatProblem } from '../flow-problem'
import { brandFileFromEnvironment, defaultBrandFile, loadBrandFile, secondBrandFile } from './brand-files'
import { maxLogoBytes } from './brand-logo'

const secondSource = readFileSync(secondBrandFile, 'utf8')

/** A copy of the second brand in a folder of its own, its logo replaced by `logo` under the name `name`. */
function brandWithLogo(name: string, logo: string | Buffer | null): string {
  const folder = mkdtempSync(join(tmpdir(), 'brand-'))
  const file = join(folder, 'brand.yaml')
  writeFileSync(file, secondSource.replace('logo: "logo.png"', `logo: "${name}"`))
  if (logo !== null) writeFileSync(join(folder, name), logo)
  return file
}

function problems(file: string): string[] {
  const result = loadBrandFile(file)
  return result.ok ? [] : result.problems.map(formatProblem)
}

/** `line:col` of the logo's value in the brand file. */
const logoValue = () => `${secondSource.split('\n').findIndex((line) => line.startsWith('logo:')) + 1}:7`

const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n${body}\n</svg>\n`

describe('a brand file on disk', () => {
  const environment = process.env.BRAND_FILE
  afterEach(() => {
    if (environment === undefined) delete process.env.BRAND_FILE
    else process.env.BRAND_FILE = environment
  })

  it('loads with its logo, whose type is told by its bytes', () => {
    const result = loadBrandFile(secondBrandFile)
    expect(result.ok && { name: result.brand.name, logo: result.logo.extension, type: result.logo.mimeType }).toEqual({ name: 'Moti', logo: 'png', type: 'image/png' })
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')])
    expect(problems(brandWithLogo('logo.webp', webp))).toEqual([])
    expect(problems(brandWithLogo('mark.svg', svg('<circle r="4"/>')))).toEqual([])
  })

  it('is the one BRAND_FILE names, else the shipped one', () => {
    delete process.env.BRAND_FILE
    expect(brandFileFromEnvironment()).toBe(defaultBrandFile)
    process.env.BRAND_FILE = secondBrandFile
    expect(brandFileFromEnvironment()).toBe(secondBrandFile)
  })

  it('says when the file is missing', () => {
    expect(problems('brand/missing.yaml')).toEqual(['brand/missing.yaml:1:1 file not found'])
  })

  it('puts a missing, oversized or mistyped logo at the brand file\'s logo', () => {
    const missing = brandWithLogo('logo.png', null)
    expect(problems(missing)).toEqual([`${missing}:${logoValue()} logo 'logo.png' not found: looked for ${join(missing, '..', 'logo.png')}`])
    const folder = brandWithLogo('logo.svg', null)
    mkdirSync(join(folder, '..', 'logo.svg'))
    expect(problems(folder)[0]).toMatch(/ logo 'logo\.svg' is not a file/)
    const large = brandWithLogo('logo.png', Buffer.alloc(maxLogoBytes + 1))
    expect(problems(large)).toEqual([`${large}:${logoValue()} logo 'logo.png' weighs 65 KB; at most 64 KB, since the first screen loads it`])
    const renamed = brandWithLogo('logo.png', svg('<circle r="4"/>'))
    expect(problems(renamed)).toEqual([`${renamed}:${logoValue()} logo 'logo.png' is not a PNG image`])
    const html = brandWithLogo('logo.svg', '<html><body>logo</body></html>')
    expect(problems(html)).toEqual([`${html}:${logoValue()} logo 'logo.svg' is not an SVG image (no <svg> root element)`])
  })

  it('refuses an SVG logo that could run or load anything, at its place in the SVG', () => {
    const file = brandWithLogo(
      'logo.svg',
      svg(
        [
          '<script>alert(1)</script>',
          '<circle r="4" onload="alert(1)"/>',
          '<a href="javascript:alert(1)"><rect/></a>',
          '<foreignObject><div>HTML</div></foreignObject>',
          '<image href="https://tracker.example/pixel.png"/>',
        ].join('\n'),
      ),
    )
    const logo = join(file, '..', 'logo.svg')
    expect(problems(file)).toEqual([
      `${logo}:2:1 a logo may not hold a <script>`,
      `${logo}:3:15 a logo may not hold event handlers (on...= attributes)`,
      `${logo}:4:10 a logo may not hold javascript: links`,
      `${logo}:5:1 a logo may not hold a <foreignObject> (HTML inside the SVG)`,
      `${logo}:6:8 a logo may not load anything from another site`,
    ])
  })

  it('takes a logo in a folder below the brand file', () => {
    const folder = mkdtempSync(join(tmpdir(), 'brand-'))
    mkdirSync(join(folder, 'images'))
    cpSync('brand/fixtures/moti/logo.png', join(folder, 'images', 'mark.png'))
    writeFileSync(join(folder, 'brand.yaml'), secondSource.replace('logo: "logo.png"', 'logo: "images/mark.png"'))
    expect(problems(join(folder, 'brand.yaml'))).toEqual([])
  })
})
