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

export interface PreviewOptions {
  /** The build goes to `workDir`/dist. */
  workDir: string
  /** The local backend's data folder. */
  dataDir: string
  /** More environment for the build and the server, such as LOCAL_BACKEND_RATE_LIMITS. */
  env?: Record<string, string>
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

/**
 * Waits until the page is served and the local backend's database has started: it starts in the
 * background and keeps the server busy meanwhile, which a measurement would otherwise time. The auth
 * API answers (401 without a session) only once the database is ready.
 */
async function waitUntilReady(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + startTimeoutMs
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server for ${url} exited with code ${server.exitCode}`)
    try {
      if ((await fetch(url)).ok && (await fetch(`${url}/auth/v1/user`)).status === 401) return
    } catch {
      // Not listening yet.
    }
    await sleep(250)
  }
  throw new Error(`The server with its local backend was not ready at ${url} within ${startTimeoutMs / 1000} s`)
}

/** `vite <args>` (the dev server with none) on a free port, once it serves pages and its local backend answers. */
export async function startViteServer(args: string[], env: NodeJS.ProcessEnv): Promise<PreviewServer> {
  const port = await freePort()
  const server = spawn(process.execPath, [vite, ...args, '--port', String(port), '--strictPort'], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://localhost:${port}`
  const stop = () => stopped(server)
  try {
    await waitUntilReady(url, server)
  } catch (error) {
    await stop()
    throw error
  }
  return { url, stop }
}

/**
 * The production build served by `vite preview` on a free port with the local backend on `dataDir`,
 * as `npm run build && npm run preview` serves it.
 */
export async function startPreviewServer({ workDir, dataDir, env: extraEnv = {} }: PreviewOptions): Promise<PreviewServer> {
  const outDir = path.join(workDir, 'dist')
  // A benchmark's throwaway folder needs no scheduled backups (one would land mid-measurement).
  const env = { ...process.env, NODE_ENV: 'production', LOCAL_BACKEND_DATA_DIR: dataDir, LOCAL_BACKEND_BACKUP_EVERY_HOURS: '0', ...extraEnv }
  execFileSync(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], { env, stdio: 'inherit' })
  return startViteServer(['preview', '--outDir', outDir], env)
}
