import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { chakraThemeAlias } from './scripts/chakra-theme-alias.ts'
import { flowPlugin } from './scripts/vite-plugin-flow.ts'
import { localSupabaseBackend } from './supabase/local/vite-plugin.ts'

export default defineConfig({
  plugins: [react(), flowPlugin(), localSupabaseBackend()],
  resolve: { alias: [chakraThemeAlias] },
  server: { port: 5173, strictPort: true },
})
