import { defineConfig, devices } from '@playwright/test'
import { consultationFlowFile, defaultFlowFile } from './flow-tools/flow-files.ts'
import { defaultDataDir } from './supabase/local/data-home.ts'

// E2E_PORT lets several checkouts run their browser tests side by side.
const port = Number(process.env.E2E_PORT ?? 5173)
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `npm start -- --port ${port}`,
    url: `http://localhost:${port}`,
    // A server already running serves the shipped flow: never mistake it for one built from an editor's copy.
    reuseExistingServer: !process.env.CI && consultationFlowFile === defaultFlowFile,
    timeout: 120_000,
    // Every test signs in from this one machine: as many people as tests, not one person guessing.
    env: { LOCAL_BACKEND_DATA_DIR: defaultDataDir('e2e', process.cwd()), LOCAL_BACKEND_FRESH: '1', LOCAL_BACKEND_SIGN_IN_ATTEMPTS: '1000' },
  },
})
