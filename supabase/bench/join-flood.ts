import { WebSocket } from 'ws'

export interface FloodPlan {
  /** The backend's http URL and anon key. */
  url: string
  anonKey: string
  sockets: number
  joinsPerSocket: number
  entriesPerJoin: number
}

/** What the flooding sockets saw, summed over all of them. */
export interface FloodTally {
  opened: number
  /** Upgrades the server answered with an HTTP status instead of a socket, by status. */
  refusedUpgrades: Map<number, number>
  joinsSent: number
  joinsAnswered: number
  /** Join errors by reason. */
  joinErrors: Map<string, number>
  /** Closes by the server, by code and reason. */
  closes: Map<string, number>
}

function count<K>(tally: Map<K, number>, key: K): void {
  tally.set(key, (tally.get(key) ?? 0) + 1)
}

/** Distinct postgres_changes entries, each resolved by the server (none is a duplicate of another). */
function joinFrame(socket: number, join: number, entries: number): string {
  const events = ['*', 'INSERT', 'UPDATE', 'DELETE']
  const postgresChanges = Array.from({ length: entries }, (_, entry) => ({
    event: events[entry % events.length],
    schema: 'public',
    table: entry % 2 === 0 ? 'leads' : 'appointments',
  }))
  const topic = `realtime:flood-${socket}-${join}`
  return JSON.stringify([String(join), String(join), topic, 'phx_join', { config: { postgres_changes: postgresChanges } }])
}

/**
 * Anonymous websockets, each from an address of its own (a loopback proxy's X-Forwarded-For), each
 * sending its joins at once as soon as it opens, the same joins again as soon as all are answered,
 * and opening again when the server closes it, until stopped. Stopping ends every socket at once.
 */
export function startJoinFlood(plan: FloodPlan): { tally: FloodTally; stop(): void } {
  const tally: FloodTally = { opened: 0, refusedUpgrades: new Map(), joinsSent: 0, joinsAnswered: 0, joinErrors: new Map(), closes: new Map() }
  const live = new Set<WebSocket>()
  let stopped = false
  const socketUrl = `${plan.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${plan.anonKey}&vsn=2.0.0`

  const open = (index: number) => {
    if (stopped) return
    const socket = new WebSocket(socketUrl, { headers: { 'x-forwarded-for': `198.51.100.${index + 1}` } })
    live.add(socket)
    const again = () => {
      live.delete(socket)
      if (!stopped) setTimeout(() => open(index), 50)
    }
    socket.on('unexpected-response', (_request, response) => {
      count(tally.refusedUpgrades, response.statusCode ?? 0)
      response.resume()
      socket.terminate()
    })
    socket.on('error', () => undefined)
    let unanswered = 0
    const sendJoins = () => {
      for (let join = 0; join < plan.joinsPerSocket; join++) socket.send(joinFrame(index, join, plan.entriesPerJoin))
      tally.joinsSent += plan.joinsPerSocket
      unanswered = plan.joinsPerSocket
    }
    socket.on('open', () => {
      tally.opened += 1
      sendJoins()
    })
    socket.on('message', (frame) => {
      const [, , , event, payload] = JSON.parse(String(frame)) as [unknown, unknown, string, string, { status?: string; response?: { reason?: string } }]
      if (event !== 'phx_reply') return
      tally.joinsAnswered += 1
      if (payload.status === 'error') count(tally.joinErrors, payload.response?.reason ?? 'unknown')
      unanswered -= 1
      if (unanswered === 0 && !stopped) sendJoins()
    })
    socket.on('close', (code, reason) => {
      if (!stopped && code !== 1006) count(tally.closes, `${code} ${String(reason)}`)
      again()
    })
  }

  for (let index = 0; index < plan.sockets; index++) open(index)
  return {
    tally,
    stop() {
      stopped = true
      for (const socket of live) socket.terminate()
      live.clear()
    },
  }
}
