import { chmod, mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startLocalBackend } from '../local-backend.ts'

async function modes(folder: string): Promise<Map<string, number>> {
  const found = new Map<string, number>()
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    const target = path.join(entry.parentPath, entry.name)
    found.set(target, (await stat(target)).mode & 0o777)
  }
  return found
}

function openToOthers(found: Map<string, number>): string[] {
  return [...found].filter(([, mode]) => (mode & 0o077) !== 0).map(([file, mode]) => `${file} ${mode.toString(8)}`)
}

describe('the data folder', () => {
  const folders: string[] = []
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true })
  })

  it('is the owner’s alone on the first start and again on every start after', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'private-data-'))
    folders.push(dataDir)
    await chmod(dataDir, 0o777)
    const first = await startLocalBackend({ dataDir })
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700)
    const running = await modes(dataDir)
    expect(running.size).toBeGreaterThan(100)
    expect(openToOthers(running)).toEqual([])
    await first.close()
    expect(openToOthers(await modes(dataDir))).toEqual([])

    const control = path.join(dataDir, 'pgdata', 'global', 'pg_control')
    await chmod(control, 0o666)
    await chmod(dataDir, 0o755)
    const second = await startLocalBackend({ dataDir })
    try {
      expect((await stat(dataDir)).mode & 0o777).toBe(0o700)
      expect((await stat(control)).mode & 0o777).toBe(0o600)
      expect(openToOthers(await modes(dataDir))).toEqual([])
    } finally {
      await second.close()
    }
  })
})
