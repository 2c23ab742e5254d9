declare module '*.flow.yaml' {
  /** The flow, validated at build time by flow-tools/vite-plugin-flow.ts, as plain JSON. */
  const flow: import('./flow.schema').CheckedFlow
  export default flow
}

declare module 'virtual:chat-languages' {
  /** The languages the chat speaks, the flow file's own first (flow-tools/vite-plugin-flow.ts). */
  export const languages: import('./chat-language').LanguageChoice[]
  /** Loads a translation's texts, a chunk of its own; the flow's own language needs none. */
  export const loaders: Record<string, () => Promise<import('./chat-language').ChatLanguage>>
}
