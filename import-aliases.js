/**
 * The project's import aliases, declared once: Vite and Vitest resolve them (scripts/app-modules.ts,
 * vitest.config.ts), the lint rules read them (eslint-rules/), and the `paths` of tsconfig.app.json
 * and tsconfig.node.json must say the same (scripts/import-aliases.test.ts checks).
 */
export const importAliases = {
  '@/': 'src/',
  '@flows/': 'flows/',
  '@backend/': 'supabase/',
}
