import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { flowPlugin } from './scripts/vite-plugin-flow'

export default defineConfig({
  plugins: [react(), flowPlugin()],
  server: { port: 5173, strictPort: true },
})
