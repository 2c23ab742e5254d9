import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { flowPlugin } from './scripts/vite-plugin-flow.ts'
import { localSupabaseBackend } from './supabase/local/vite-plugin.ts'

export default defineConfig({
  plugins: [react(), flowPlugin(), localSupabaseBackend()],
  server: { port: 5173, strictPort: true },
})
