import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer } from 'ws'
import type { BackendContext } from '../backend-context.ts'
import { apiKeyOf } from '../http/caller.ts'
import { clientAddress } from '../http/client-address.ts'
import { refuseUpgrade } from '../http/refuse-upgrade.ts'
import { sendJson } from '../http/respond.ts'
import type { ServiceHandler } from '../http/service.ts'
import { AddressSockets } from './address-sockets.ts'
import { deliverChange } from './change-delivery.ts'
import { enableChangeCapture, listenForChanges } from './change-feed.ts'
import { JoinTurns } from './join-turns.ts'
import { serializerVersion } from './phoenix-messages.ts'
import type { JoinedChannel } from './realtime-channel.ts'
import { RealtimeConnection } from './realtime-connection.ts'

/** Far above any join; a bigger frame closes the connection (1009). */
const maxFrameBytes = 1024 * 1024
/** Open sockets per client address, unless per-address limits are off. */
const socketsPerAddress = 10

/** What the service is doing, for benchmarks and tests. */
export interface RealtimeLoad {
  sockets: number
  /** Joins whose database work ran, since the start. */
  joinsRun: number
  /** Messages and joins dropped unhandled because their socket had closed, since the start. */
  dropped: number
}

export interface RealtimeService {
  /** Plain HTTP under /realtime/v1 (the broadcast endpoint and the like): not spoken. */
  http: ServiceHandler
  /** A websocket upgrade of /realtime/v1/websocket whose API key the router accepted. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): void
  load(): RealtimeLoad
  /** Ends every connection and stops listening for changes. */
  close(): Promise<void>
}

/** Realtime's postgres_changes over the Phoenix websocket protocol; owns its connections and the change feed. */
export async function startRealtimeService(context: BackendContext): Promise<RealtimeService> {
  const server = new WebSocketServer({ noServer: true, maxPayload: maxFrameBytes })
  const connections = new Set<RealtimeConnection>()
  const joinTurns = new JoinTurns()
  const addressSockets = new AddressSockets(socketsPerAddress)
  let droppedMessages = 0
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
      const release = context.rateLimits ? addressSockets.take(clientAddress(req, context.trustProxy)) : () => undefined
      if (!release) {
        const { status, body } = addressSockets.refusal()
        return refuseUpgrade(socket, status, body)
      }
      const apiKey = apiKeyOf(req, url) ?? ''
      socket.once('close', release)
      server.handleUpgrade(req, socket, head, (ws) => {
        const onClose = (connection: RealtimeConnection, dropped: number) => {
          connections.delete(connection)
          droppedMessages += dropped
          release()
        }
        connections.add(new RealtimeConnection(ws, { context, apiKey, version, captureChanges, joinTurns, onClose }))
      })
    },
    load() {
      return { sockets: connections.size, joinsRun: joinTurns.ran, dropped: droppedMessages + joinTurns.dropped }
    },
    async close() {
      closing = true
      await stopListening()
      for (const connection of connections) connection.terminate()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
