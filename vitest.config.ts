import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { chakraThemeAlias } from './scripts/chakra-theme-alias.ts'
import { flowPlugin } from './scripts/vite-plugin-flow.ts'

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        plugins: [react(), flowPlugin()],
        resolve: { alias: [chakraThemeAlias] },
        test: {
          name: 'app',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'flows/**/*.test.ts'],
          exclude: ['src/**/*.api.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'backend',
          include: ['supabase/**/*.test.ts', 'src/**/*.api.test.ts'],
          environment: 'node',
          globalSetup: ['supabase/local/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
