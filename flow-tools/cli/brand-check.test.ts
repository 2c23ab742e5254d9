import { execFile } from 'node:child_process'
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { defaultBrandFile, secondBrandFile } from '../brand/brand-files'

const run = promisify(execFile)

async function brandCheck(args: string[], environment: Record<string, string> = {}) {
  const env = { ...process.env, ...environment }
  if (!environment.BRAND_FILE) delete env.BRAND_FILE
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'flow-tools/cli/brand-check.ts', ...args], { env })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

/** `line:col` of the first `needle` in `text`, plus an offset. */
function position(text: string, needle: string, offset = 0): string {
  const before = text.slice(0, text.indexOf(needle) + offset).split('\n')
  return `${before.length}:${(before.at(-1)?.length ?? 0) + 1}`
}

describe('npm run brand:check', () => {
  it('passes the committed brand by default, with the contrast of text on its colours', async () => {
    const result = await brandCheck([])
    expect(result).toMatchObject({ code: 0, stderr: '' })
    expect(result.stdout).toMatch(
      new RegExp(`^${defaultBrandFile}: OK \\(.+; logo \\S+, \\d+\\.\\d KB; text contrast primary \\d+\\.\\d\\d:1, accent \\d+\\.\\d\\d:1, at least 4.5:1 needed\\)\\n$`),
    )
  })

  it('checks the brand BRAND_FILE names, or the one it is given', async () => {
    expect((await brandCheck([], { BRAND_FILE: secondBrandFile })).stdout).toMatch(new RegExp(`^${secondBrandFile}: OK \\(Moti Pearl & Gold House;`))
    expect((await brandCheck([secondBrandFile])).stdout).toMatch(new RegExp(`^${secondBrandFile}: OK `))
  })

  it('prints every problem of a broken brand as file:line:col message and exits 1, without a stack trace', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'brand-check-'))
    const file = join(folder, 'brand.yaml')
    const broken = readFileSync(secondBrandFile, 'utf8')
      .replace('short_name: "moti-pearls"', 'short_name: "Moti Pearls"')
      .replace('accent: "#1e3a8a"', 'accent: "#fbbf24"')
      .replace('whatsapp: "919900112233"', 'whatsapp: 919900112233')
      .replace('hours: ', 'opening_hours: ')
    writeFileSync(file, broken)
    copyFileSync('brand/fixtures/moti/logo.png', join(folder, 'logo.png'))
    const result = await brandCheck([file])
    expect(result.code).toBe(1)
    expect(result.stderr.trim().split('\n')).toEqual([
      `${file}:${position(broken, '"Moti Pearls"')} short_name must be lowercase letters and digits, words joined by -, e.g. "kanak"`,
      `${file}:${position(broken, '919900112233')} whatsapp must be text in quotes, e.g. "919876543210"`,
      `${file}:${position(broken, 'name:')} missing 'hours'`,
      `${file}:${position(broken, 'opening_hours')} unknown key 'opening_hours'`,
      `4 problems in ${file}`,
    ])
    writeFileSync(file, readFileSync(secondBrandFile, 'utf8').replace('accent: "#1e3a8a"', 'accent: "#fbbf24"'))
    const contrast = await brandCheck([file])
    expect(contrast.stderr).toMatch(/ colours\.accent #fbbf24 leaves .* at a contrast of 1\.\d\d:1; WCAG AA needs 4\.5:1, choose a darker colour\n1 problem in /)
  })

  it('says clearly when the file is missing', async () => {
    expect(await brandCheck(['brand/missing.yaml'])).toEqual({ code: 1, stdout: '', stderr: 'brand/missing.yaml:1:1 file not found\n1 problem in brand/missing.yaml\n' })
  })
})
