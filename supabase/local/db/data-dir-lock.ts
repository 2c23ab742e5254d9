import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dataFolder } from '../data-folder.ts'

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The live process holding the folder, if any (this process included). */
export async function folderHolder(dataDir: string): Promise<number | undefined> {
  const holder = Number((await readFile(dataFolder(dataDir).lock, 'utf8').catch(() => '')).trim())
  return Number.isInteger(holder) && holder > 0 && isRunning(holder) ? holder : undefined
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * PGlite on disk must have one opener. Another live process holding the folder is an error; a
 * stale lock is taken over; this same process (a Vite restart) is waited for.
 */
export async function lockDataDir(dataDir: string, waitMs = 15_000): Promise<() => Promise<void>> {
  const file = dataFolder(dataDir).lock
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  const deadline = Date.now() + waitMs
  for (;;) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx', mode: 0o600 })
      return () => rm(file, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const holder = await folderHolder(dataDir)
    if (holder === undefined) {
      await rm(file, { force: true })
      continue
    }
    if (holder !== process.pid) {
      throw new Error(
        `The data folder ${dataDir} is in use by process ${holder} (is \`npm start\` or \`npm run backend\` running?). Stop it first.`,
      )
    }
    if (Date.now() >= deadline) throw new Error(`The data folder ${dataDir} is still open in this process after ${waitMs} ms.`)
    await sleep(100)
  }
}
