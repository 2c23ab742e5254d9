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

/**
 * Imports a TypeScript module. Vitest and tsx load .ts files themselves; the Vite dev server's
 * plugin runs in plain Node, which cannot, so tsx's API loads it there.
 */
async function importTypeScript(file: URL): Promise<unknown> {
  try {
    return await import(file.href)
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error
    const { tsImport } = await import('tsx/esm/api')
    return tsImport(file.href, import.meta.url)
  }
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
  const module = (await importTypeScript(file)) as { handler?: EdgeHandler }
  return module.handler
}
