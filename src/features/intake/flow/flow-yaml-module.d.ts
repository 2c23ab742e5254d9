declare module '*.flow.yaml' {
  /** The flow, validated at build time by scripts/vite-plugin-flow.ts, as plain JSON. */
  const flow: import('./flow.schema').CheckedFlow
  export default flow
}
