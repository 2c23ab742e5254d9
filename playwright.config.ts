import { defineConfig, devices } from '@playwright/test'
import { consultationFlowFile, defaultFlowFile } from './flow-tools/flow-files.ts'
import { e2eDataDir } from './e2e/e2e-data-dir.ts'

// E2E_PORT lets several checkouts run their browser tests side by side.
const port = Number(process.env.E2E_PORT ?? 5173)
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
// The editor guard runs a second browser suite beside this one, with a data folder and results of its own.
const resultsDir = process.env.E2E_RESULTS_DIR ?? 'test-results'
const reportDir = process.env.E2E_REPORT_DIR ?? 'playwright-report'

export default defineConfig({
  testDir: 'e2e',
  outputDir: resultsDir,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['html', { open: 'never', outputFolder: reportDir }]],
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
    env: { LOCAL_BACKEND_DATA_DIR: e2eDataDir(), LOCAL_BACKEND_FRESH: '1', LOCAL_BACKEND_SIGN_IN_ATTEMPTS: '1000' },
  },
})
