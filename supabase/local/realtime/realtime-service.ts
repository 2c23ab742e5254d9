import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer } from 'ws'
import type { BackendContext } from '../backend-context.ts'
import { apiKeyOf } from '../http/caller.ts'
import { refuseUpgrade } from '../http/refuse-upgrade.ts'
import { sendJson } from '../http/respond.ts'
import type { ServiceHandler } from '../http/service.ts'
import { deliverChange } from './change-delivery.ts'
import { enableChangeCapture, listenForChanges } from './change-feed.ts'
import { serializerVersion } from './phoenix-messages.ts'
import type { JoinedChannel } from './realtime-channel.ts'
import { RealtimeConnection } from './realtime-connection.ts'

/** Far above any join; a bigger frame closes the connection (1009). */
const maxFrameBytes = 1024 * 1024

export interface RealtimeService {
  /** Plain HTTP under /realtime/v1 (the broadcast endpoint and the like): not spoken. */
  http: ServiceHandler
  /** A websocket upgrade of /realtime/v1/websocket whose API key the router accepted. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): void
  /** Ends every connection and stops listening for changes. */
  close(): Promise<void>
}

/** Realtime's postgres_changes over the Phoenix websocket protocol; owns its connections and the change feed. */
export async function startRealtimeService(context: BackendContext): Promise<RealtimeService> {
  const server = new WebSocketServer({ noServer: true, maxPayload: maxFrameBytes })
  const connections = new Set<RealtimeConnection>()
  let closing = false
  function* channels(): Iterable<JoinedChannel> {
    for (const connection of connections) yield* connection.joinedChannels()
  }
  let capturing: Promise<void> | undefined
  const captureChanges = () => {
    capturing ??= enableChangeCapture(context.db).catch((error: unknown) => {
      capturing = undefined
      throw error
    })
    return capturing
  }
  const stopListening = await listenForChanges(
    context.db,
    (change) => deliverChange(context.db, change, channels()),
    () => connections.size > 0,
  )

  return {
    async http(req, res, _url, path) {
      sendJson(res, 501, { code: 'LOCAL501', message: `Not supported by the local backend: ${req.method} /realtime/v1${path}` })
    },
    upgrade(req, socket, head, url) {
      if (closing) return refuseUpgrade(socket, 503, { code: 'LOCAL503', message: 'The local backend is shutting down' })
      const vsn = url.searchParams.get('vsn')
      const version = serializerVersion(vsn)
      // Phoenix refuses a serializer it lacks with 403.
      if (!version) return refuseUpgrade(socket, 403, { code: 'LOCAL403', message: `Not supported by the local backend: serializer version ${vsn} (1.0.0 and 2.0.0 are)` })
      const apiKey = apiKeyOf(req, url) ?? ''
      server.handleUpgrade(req, socket, head, (ws) => {
        connections.add(new RealtimeConnection(ws, { context, apiKey, version, captureChanges, onClose: (connection) => connections.delete(connection) }))
      })
    },
    async close() {
      closing = true
      await stopListening()
      for (const connection of connections) connection.terminate()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
