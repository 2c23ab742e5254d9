/**
 * React 19 has `useSyncExternalStore` built in; @xstate/react still imports the shim package that adds
 * it to React 17 and older. The build points `use-sync-external-store/shim` here and the shim's
 * with-selector at the package's plain one, so the shim's fallback code never ships.
 */
export { useSyncExternalStore } from 'react'
