import { defineConfig } from 'vitest/config'
import { secondBrandFile } from './flow-tools/brand/brand-files.ts'
import { consultationFlowFile } from './flow-tools/flow-files.ts'
import { appModules } from './scripts/app-modules.ts'

/** The tests that render the app built with the second brand (brand/fixtures/), in a project of their own. */
const secondBrandTests = ['src/**/*.second-brand.test.{ts,tsx}']

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
          exclude: ['src/**/*.api.test.ts', ...secondBrandTests],
          environment: 'node',
          setupFiles: ['src/testing/jsdom-match-media.ts'],
          testTimeout: 30_000,
        },
      },
      {
        ...appModules({ flowFile: consultationFlowFile, brandFile: secondBrandFile }),
        test: {
          name: 'second-brand',
          include: secondBrandTests,
          environment: 'node',
          setupFiles: ['src/testing/jsdom-match-media.ts'],
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
