import pg from 'pg'
import type { Unlisten } from './database.ts'

const reconnectDelayMs = 1000

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/**
 * LISTEN on a connection of its own (a pooled one goes back to other work). When that connection
 * fails (a server restart), it is opened again every second until that works; notifications sent
 * meanwhile are lost.
 */
export async function listenOnServer(connectionString: string, channel: string, onNotification: (payload: string) => void): Promise<Unlisten> {
  let stopped = false
  let current: pg.Client | undefined
  let retry: NodeJS.Timeout | undefined

  const connect = async (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString })
    client.on('notification', (message) => {
      if (message.channel === channel) onNotification(message.payload ?? '')
    })
    client.on('error', (error) => lost(client, error.message))
    client.on('end', () => lost(client, 'connection closed'))
    await client.connect()
    await client.query(`listen ${client.escapeIdentifier(channel)}`)
    return client
  }

  const reconnectLater = () => {
    retry = setTimeout(() => {
      connect().then(
        (client) => {
          if (stopped) client.end().catch(() => undefined)
          else current = client
        },
        (error: unknown) => {
          console.error(`[local backend] listening for ${channel} again failed: ${describe(error)}`)
          if (!stopped) reconnectLater()
        },
      )
    }, reconnectDelayMs)
  }

  function lost(client: pg.Client, reason: string) {
    if (stopped || client !== current) return
    current = undefined
    client.end().catch(() => undefined)
    console.error(`[local backend] listening for ${channel} stopped (${reason}); reconnecting`)
    reconnectLater()
  }

  current = await connect()
  return async () => {
    stopped = true
    clearTimeout(retry)
    await current?.end().catch(() => undefined)
  }
}
