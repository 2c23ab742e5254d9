import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))

/** React's own useSyncExternalStore instead of the shim package's fallback (scripts/react-sync-external-store.ts says why). */
export const syncExternalStoreAliases = [
  { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: path.join(here, 'react-sync-external-store.ts') },
]
