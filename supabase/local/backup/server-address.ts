import type { AddressInfo } from 'node:net'
import { readFile, rm, writeFile } from 'node:fs/promises'
import { dataFolder } from '../data-folder.ts'

export interface ServerAddress {
  url: string
  pid: number
}

/** How this machine reaches a server listening on `address` (a wildcard address is reached on loopback). */
export function loopbackUrl(address: AddressInfo): string {
  const { port, family, address: host } = address
  if (host === '0.0.0.0' || host === '127.0.0.1') return `http://127.0.0.1:${port}`
  if (host === '::' || host === '::1') return `http://[::1]:${port}`
  return family === 'IPv6' ? `http://[${host}]:${port}` : `http://${host}:${port}`
}

/** Tells commands run beside the server (`npm run backup`) where it answers; owner-only like the rest of the folder. */
export async function announceServer(dataDir: string, address: AddressInfo): Promise<void> {
  const announced: ServerAddress = { url: loopbackUrl(address), pid: process.pid }
  await writeFile(dataFolder(dataDir).serverAddress, JSON.stringify(announced) + '\n', { mode: 0o600 })
}

export async function forgetServer(dataDir: string): Promise<void> {
  await rm(dataFolder(dataDir).serverAddress, { force: true })
}

export async function announcedServer(dataDir: string): Promise<ServerAddress | undefined> {
  const text = await readFile(dataFolder(dataDir).serverAddress, 'utf8').catch(() => undefined)
  if (text === undefined) return undefined
  try {
    const parsed = JSON.parse(text) as Partial<ServerAddress>
    return typeof parsed.url === 'string' && typeof parsed.pid === 'number' ? { url: parsed.url, pid: parsed.pid } : undefined
  } catch {
    return undefined
  }
}
