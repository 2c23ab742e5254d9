import { access } from 'node:fs/promises'
import { WebSocket as NodeWebSocket } from 'ws'
import type { EdgeHandler } from '../../functions/_shared/edge-handler.ts'

const functionsFolder = new URL('../../functions/', import.meta.url)
// Supabase's function names; folders starting with `_` hold shared code, not functions.
const functionName = /^[a-z][a-z0-9_-]{0,63}$/

/**
 * Deno, which runs the functions when hosted, has a global WebSocket (supabase-js's Realtime client
 * needs one when it is created); Node 20 has none, so the handlers get the `ws` one here.
 */
function provideDenoGlobals(): void {
  if (!('WebSocket' in globalThis)) Object.assign(globalThis, { WebSocket: NodeWebSocket })
}

/** The handler of `supabase/functions/<name>/handler.ts`, or undefined when there is no such function. */
export async function loadEdgeHandler(name: string): Promise<EdgeHandler | undefined> {
  if (!functionName.test(name)) return undefined
  const file = new URL(`${name}/handler.ts`, functionsFolder)
  try {
    await access(file)
  } catch {
    return undefined
  }
  provideDenoGlobals()
  const module = (await import(file.href)) as { handler?: EdgeHandler }
  return module.handler
}
