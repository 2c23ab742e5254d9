import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { writeEditorGuardCopy } from '../src/testing/intake/editor-guard-copy.ts'

/** The browser tests that render the chat or that a visitor's chat drives. */
const chatSpecs = [
  'e2e/smoke.spec.ts',
  'e2e/visitor-chat.spec.ts',
  'e2e/visitor-edit.spec.ts',
  'e2e/visitor-hindi.spec.ts',
  'e2e/chat-recording.spec.ts',
  'e2e/admin-insights.spec.ts',
  'e2e/admin-realtime.spec.ts',
]

interface Part {
  title: string
  args: string[]
}

function run({ title, args }: Part, env: NodeJS.ProcessEnv): boolean {
  console.log(`\n== editor guard: ${title}`)
  const started = performance.now()
  const result = spawnSync('npx', args, { stdio: 'inherit', env })
  console.log(`== editor guard: ${title}: ${result.status === 0 ? 'passed' : 'FAILED'} in ${((performance.now() - started) / 1000).toFixed(0)} s`)
  return result.status === 0
}

/**
 * `npm run test:editor-guard [-- --unit | --browser]`: an editor's change must break no test. Writes a copy
 * of the shipped flow and its translations with every text reworded, every options list reordered and
 * every timing changed (src/testing/intake/editor-guard-copy.ts), checks it with flow:check, then runs
 * the unit suite (Vitest's app project) and the chat's browser tests with the app built from it
 * (CONSULTATION_FLOW_FILE). `--unit` or `--browser` runs one of the two.
 */
function main(): number {
  const only = process.argv[2]
  const folder = mkdtempSync(join(tmpdir(), 'editor-guard-'))
  try {
    const flowFile = writeEditorGuardCopy(folder)
    console.log(`The editor's copy: ${flowFile}, its translations beside it`)
    const parts: Part[] = [
      { title: 'flow:check of the copy', args: ['tsx', 'flow-tools/cli/flow-check.ts', flowFile, '--coverage'] },
      ...(only === '--browser' ? [] : [{ title: 'unit suite (Vitest, app project)', args: ['vitest', 'run', '--project', 'app'] }]),
      ...(only === '--unit' ? [] : [{ title: "the chat's browser tests (Playwright)", args: ['playwright', 'test', ...chatSpecs] }]),
    ]
    // Its browser tests may run beside the main ones (.ci/run): a port, data folder, Vite cache and
    // result folders of their own.
    const env = {
      ...process.env,
      CONSULTATION_FLOW_FILE: flowFile,
      E2E_PORT: process.env.EDITOR_GUARD_E2E_PORT ?? '5240',
      E2E_DATA_DIR: join(folder, 'e2e-data'),
      VITE_CACHE_DIR: 'node_modules/.vite/editor-guard',
      E2E_RESULTS_DIR: 'test-results-editor-guard',
      E2E_REPORT_DIR: 'playwright-report-editor-guard',
    }
    const failed = parts.filter((part) => !run(part, env))
    if (failed.length === 0) return 0
    console.error(`\nThe editor guard failed: ${failed.map((part) => part.title).join(', ')}.`)
    console.error('A test there spells out a text of the flow, or depends on its option order or timings: read them from the flow it runs.')
    return 1
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

process.exitCode = main()
