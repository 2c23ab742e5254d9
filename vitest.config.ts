import { defineConfig } from 'vitest/config'
import { consultationFlowFile } from './flow-tools/flow-files.ts'
import { appModules } from './scripts/app-modules.ts'
import { projectAliases } from './scripts/project-aliases.ts'

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        ...appModules({ flowFile: consultationFlowFile }),
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
        resolve: { alias: projectAliases },
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
