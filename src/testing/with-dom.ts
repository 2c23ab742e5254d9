import { builtinEnvironments } from 'vitest/runtime'
import { installMatchMedia } from './jsdom-match-media'

/**
 * jsdom for the last part of a node test that first talks to a backend of its own: the backend's JWT
 * library refuses jsdom's globals, so such a test cannot run in the jsdom environment. Sets jsdom's
 * globals up, runs `work` (which imports React and the components it renders, once the DOM exists,
 * as React decides at import whether it has one), then removes what it rendered and the globals.
 */
export async function withDom<T>(work: () => Promise<T>): Promise<T> {
  const dom = await builtinEnvironments.jsdom.setup(globalThis, {})
  try {
    installMatchMedia()
    return await work()
  } finally {
    const { cleanup } = await import('@testing-library/react')
    cleanup()
    await dom.teardown(globalThis)
  }
}
