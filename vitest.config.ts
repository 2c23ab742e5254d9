import { defineConfig } from 'vitest/config'
import { appModules } from './scripts/app-modules.ts'

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        ...appModules(),
        test: {
          name: 'app',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'flow-tools/**/*.test.ts', 'flows/**/*.test.ts'],
          exclude: ['src/**/*.api.test.ts'],
          environment: 'node',
          setupFiles: ['src/testing/jsdom-match-media.ts'],
          testTimeout: 30_000,
        },
      },
      {
        ...appModules(),
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
