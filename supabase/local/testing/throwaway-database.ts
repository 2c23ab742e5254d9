import { randomBytes } from 'node:crypto'
import pg from 'pg'

export interface ThrowawayDatabase {
  url: string
  drop(): Promise<void>
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/**
 * A database of its own on the server `serverUrl` names, for one test run. The database in that URL
 * is only connected to, never changed: tests may be pointed at a server that holds real data.
 */
export async function createThrowawayDatabase(serverUrl: string): Promise<ThrowawayDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`
  await onServer(serverUrl, (client) => client.query(`create database ${name}`))
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: () => onServer(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  }
}
