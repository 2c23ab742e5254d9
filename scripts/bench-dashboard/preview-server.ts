import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

const vite = 'node_modules/vite/bin/vite.js'
const startTimeoutMs = 120_000

export interface PreviewServer {
  url: string
  stop(): Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))))
    })
  })
}

function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

/** Waits until the app answers and the local backend has opened its database (an auth call answers). */
async function waitUntilServed(url: string, anonKey: string, preview: ChildProcess): Promise<void> {
  const deadline = Date.now() + startTimeoutMs
  while (Date.now() < deadline) {
    if (preview.exitCode !== null) throw new Error(`vite preview exited with code ${preview.exitCode}`)
    try {
      if ((await fetch(url)).ok && (await fetch(`${url}/auth/v1/settings`, { headers: { apikey: anonKey } })).ok) return
    } catch {
      // Not listening yet.
    }
    await sleep(250)
  }
  throw new Error(`vite preview did not answer ${url} within ${startTimeoutMs / 1000} s`)
}

/**
 * The production build (into `workDir`/dist) served by `vite preview` on a free port, with the local
 * backend on `dataDir`, as `npm run build && npm run preview` serves it. Per-address limits are off:
 * the benchmark signs in and searches faster than a person.
 */
export async function startPreviewServer(workDir: string, dataDir: string, anonKey: string): Promise<PreviewServer> {
  const outDir = path.join(workDir, 'dist')
  const env = { ...process.env, NODE_ENV: 'production', LOCAL_BACKEND_DATA_DIR: dataDir, LOCAL_BACKEND_RATE_LIMITS: 'off' }
  execFileSync(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], { env, stdio: 'inherit' })
  const port = await freePort()
  const preview = spawn(process.execPath, [vite, 'preview', '--outDir', outDir, '--port', String(port), '--strictPort'], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://localhost:${port}`
  const stop = () => stopped(preview)
  try {
    await waitUntilServed(url, anonKey, preview)
  } catch (error) {
    await stop()
    throw error
  }
  return { url, stop }
}
