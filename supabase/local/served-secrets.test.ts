import { randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, describe, expect, it } from 'vitest'
import { startViteServer, type PreviewServer } from '../../scripts/bench-support/preview-server.ts'
import { runBackupCommand } from './backup/backup-command.ts'
import { dataFolder } from './data-folder.ts'

const projectRoot = process.cwd()
const probes: string[] = []

afterAll(() => {
  for (const folder of probes) rmSync(folder, { recursive: true, force: true })
})

/** A folder of the test's own inside the project: a data folder there is the worst case. */
function probeFolder(): string {
  const folder = path.join(projectRoot, `served-secrets-probe-${randomUUID()}`)
  probes.push(folder)
  mkdirSync(folder)
  return folder
}

/** `npm start`'s (or `vite preview`'s) environment outside the test runner, with the data folder given and PGlite. */
function serverEnv(dataDir: string, nodeEnv: string, backupDir?: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: nodeEnv, LOCAL_BACKEND_DATA_DIR: dataDir, ...(backupDir ? { LOCAL_BACKEND_BACKUP_DIR: backupDir } : {}) }
  for (const name of Object.keys(env)) if (name.startsWith('VITEST') || name === 'DATABASE_URL' || name.startsWith('VITE_')) delete env[name]
  return env
}

async function waitForFile(file: string): Promise<void> {
  for (let tries = 0; tries < 240 && !existsSync(file); tries++) await sleep(250)
  if (!existsSync(file)) throw new Error(`${file} did not appear`)
}

/** The GET answer's body, byte for byte, for a path sent exactly as written (no client-side normalising). */
function getBody(base: string, target: string): Promise<Buffer> {
  const { hostname, port } = new URL(base)
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: target, method: 'GET', headers: { connection: 'close' } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve(Buffer.concat(chunks)))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

function encodeEveryCharacter(text: string): string {
  return [...text].map((c) => (c === '/' ? '/' : `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`)).join('')
}

const queries = ['', '?raw', '?import', '?url', '?inline', '?import&raw', '?raw&url', '?t=1']

/** Every spelling of a request for `file` this test tries: encodings, `..`, backslashes, `/@fs/`, `/@id/`, each with Vite's queries. */
function requestsFor(file: string, servedRoot: string): string[] {
  const relative = path.relative(servedRoot, file).split(path.sep).join('/')
  const backslashed = relative.replaceAll('/', '\\')
  const paths = [
    `/${relative}`,
    `/${relative.replaceAll('.', '%2e')}`,
    `/${relative.replaceAll('.', '%2E')}`,
    `/${encodeEveryCharacter(relative)}`,
    `/${relative.replaceAll('.', '%252e')}`,
    `/${encodeEveryCharacter(relative).replaceAll('%', '%25')}`,
    `/${relative.replaceAll('/', '%2f')}`,
    `/${backslashed}`,
    `/${relative.replaceAll('/', '%5c')}`,
    `/src/../${relative}`,
    `/src/%2e%2e/${relative}`,
    `/src/..%2f${relative}`,
    `/src\\..\\${backslashed}`,
    `//${relative}`,
    `/./${relative}`,
    `/@fs${file}`,
    `/@fs${servedRoot}/src/../${relative}`,
    `/@fs/${encodeEveryCharacter(file.slice(1))}`,
    `/@fs${file.replaceAll('/', '//')}`,
    `/@fs${file.replaceAll('/', '\\')}`,
    `/@id${file}`,
    `/@id/${relative}`,
  ]
  return paths.flatMap((target) => queries.map((query) => `${target}${query}`))
}

/** The secret's bytes as they would appear served: as is, inside a JSON string (`?raw`), or in a base64 data URL (`?inline`, `?url`). */
function reveals(body: Buffer, secret: Buffer): boolean {
  if (body.includes(secret)) return true
  if (body.includes(Buffer.from(JSON.stringify(secret.toString('utf8')).slice(1, -1)))) return true
  const text = body.toString('latin1')
  for (const match of text.matchAll(/base64,([A-Za-z0-9+/]+=*)/g)) {
    if (Buffer.from(match[1] ?? '', 'base64').includes(secret)) return true
  }
  return false
}

interface Secret {
  name: string
  bytes: Buffer
}

/** What the data folder must never give away: the keys, the admin's password and database files. */
function secretsOf(dataDir: string): { files: string[]; secrets: Secret[] } {
  const folder = dataFolder(dataDir)
  const keys = JSON.parse(readFileSync(folder.keys, 'utf8')) as { jwtSecret: string; serviceRoleKey: string }
  const password = /^password: (.+)$/m.exec(readFileSync(folder.adminCredentials, 'utf8'))?.[1] ?? ''
  const configuration = readFileSync(path.join(folder.database, 'postgresql.conf'))
  const control = readFileSync(path.join(folder.database, 'global', 'pg_control'))
  expect([keys.jwtSecret.length > 40, password.length > 16]).toEqual([true, true])
  return {
    files: [
      folder.keys,
      folder.adminCredentials,
      path.join(folder.database, 'PG_VERSION'),
      path.join(folder.database, 'postgresql.conf'),
      path.join(folder.database, 'global', 'pg_control'),
    ],
    secrets: [
      { name: 'JWT secret', bytes: Buffer.from(keys.jwtSecret) },
      { name: 'service role key', bytes: Buffer.from(keys.serviceRoleKey) },
      { name: 'admin password', bytes: Buffer.from(password) },
      { name: 'postgresql.conf', bytes: configuration.subarray(0, 400) },
      { name: 'pg_control system identifier', bytes: control.subarray(0, 8) },
    ],
  }
}

/** Each request that gave a secret away, as `<secret> <- <request>`; a few at a time. */
async function leaks(server: PreviewServer, requests: string[], secrets: Secret[]): Promise<string[]> {
  const found: string[] = []
  for (let start = 0; start < requests.length; start += 8) {
    await Promise.all(
      requests.slice(start, start + 8).map(async (target) => {
        const body = await getBody(server.url, target)
        for (const secret of secrets) if (reveals(body, secret.bytes)) found.push(`${secret.name} <- ${target}`)
      }),
    )
  }
  return found
}

/**
 * A copy of the secrets outside the data folder, where the server does serve files: the same requests
 * must find it, or the spellings and the check above prove nothing.
 */
function controlCopy(folder: string, secrets: Secret[]): string {
  const file = path.join(folder, 'not-a-data-folder', 'copy.json')
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, JSON.stringify(secrets.slice(0, 3).map((secret) => secret.bytes.toString())))
  return file
}

describe('no secret of the data folder is reachable over HTTP', () => {
  it('from the dev server of `npm start`, with the data folder inside the project, by any spelling of the path', async () => {
    const probe = probeFolder()
    const dataDir = path.join(probe, 'data')
    const backupDir = path.join(probe, 'backups')
    const server = await startViteServer([], serverEnv(dataDir, 'development', backupDir))
    try {
      await waitForFile(dataFolder(dataDir).adminCredentials)
      const { files, secrets } = secretsOf(dataDir)
      const requests = files.flatMap((file) => requestsFor(file, projectRoot))
      expect(await leaks(server, requests, secrets)).toEqual([])

      // `npm run backup` beside it asks the dev server, which writes the backup into the project here.
      const written: string[] = []
      const backupEnv = { LOCAL_BACKEND_DATA_DIR: dataDir, LOCAL_BACKEND_BACKUP_DIR: backupDir }
      expect(await runBackupCommand([], backupEnv, { log: (line) => written.push(line), error: (line) => written.push(line) })).toBe(0)
      const backupFile = /^Backup written: (\S+) /.exec(written[0] ?? '')?.[1] as string
      expect(path.dirname(backupFile)).toBe(backupDir)
      const backupBytes = { name: 'backup file', bytes: readFileSync(backupFile).subarray(10, 400) }
      expect(await leaks(server, requestsFor(backupFile, projectRoot), [backupBytes])).toEqual([])

      const control = controlCopy(probe, secrets)
      const servedCopies = await leaks(server, requestsFor(control, projectRoot), secrets.slice(0, 3))
      for (const form of [`/${path.relative(projectRoot, control)}`, `/@fs${control}`, `/${path.relative(projectRoot, control)}?raw`]) {
        expect(servedCopies).toContain(`JWT secret <- ${form}`)
      }
    } finally {
      await server.stop()
    }
  }, 240_000)

  it('from `vite preview`, even with the data folder inside the folder it serves', async () => {
    const outDir = path.join(probeFolder(), 'dist')
    mkdirSync(outDir)
    writeFileSync(path.join(outDir, 'index.html'), '<!doctype html><title>preview</title>')
    const dataDir = path.join(outDir, 'backend-data')
    const server = await startViteServer(['preview', '--outDir', outDir], serverEnv(dataDir, 'production'))
    try {
      await waitForFile(dataFolder(dataDir).adminCredentials)
      const { files, secrets } = secretsOf(dataDir)
      expect(await leaks(server, files.flatMap((file) => requestsFor(file, outDir)), secrets)).toEqual([])

      const control = controlCopy(outDir, secrets)
      expect(await leaks(server, [`/${path.relative(outDir, control)}`], secrets.slice(0, 1))).toEqual([
        `JWT secret <- /${path.relative(outDir, control)}`,
      ])
    } finally {
      await server.stop()
    }
  }, 240_000)
})
