import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { lockDataDir } from './data-dir-lock.ts'

describe('data folder lock', () => {
  let dir = ''
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('refuses a folder another live process holds, naming it', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'lock-'))
    await writeFile(path.join(dir, 'backend.lock'), String(process.ppid))
    await expect(lockDataDir(dir)).rejects.toThrow(`The data folder ${dir} is in use by process ${process.ppid}`)
  })

  it('takes over a stale lock and releases it on request', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'lock-'))
    await writeFile(path.join(dir, 'backend.lock'), '2147483646')
    const release = await lockDataDir(dir)
    expect(await readFile(path.join(dir, 'backend.lock'), 'utf8')).toBe(String(process.pid))
    await release()
    const again = await lockDataDir(dir)
    await again()
  })

  it('gives up on its own still-open folder after the wait', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'lock-'))
    const release = await lockDataDir(dir)
    await expect(lockDataDir(dir, 0)).rejects.toThrow('is still open in this process after 0 ms')
    await release()
  })
})
