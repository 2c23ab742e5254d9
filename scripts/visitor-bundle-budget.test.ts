import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { execFileSync } from 'node:child_process'
import type { Manifest } from 'vite'
import { afterAll, expect, test } from 'vitest'
import { initialChunks } from './visitor-bundle-size'

const budgetBytes = 150 * 1024
const outDir = mkdtempSync(path.join(tmpdir(), 'visitor-bundle-'))

afterAll(() => rmSync(outDir, { recursive: true, force: true }))

test(`the visitor's first screen downloads at most ${budgetBytes / 1024} KB of gzipped JavaScript`, () => {
  // A separate process, so the build is the production one whatever NODE_ENV the test runner set.
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'error'], {
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  })
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest
  const chunks = initialChunks(outDir, manifest)
  const total = chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0)

  console.log(
    [
      `Visitor JavaScript before the chat is usable: ${(total / 1024).toFixed(1)} KB gzipped (budget ${budgetBytes / 1024} KB)`,
      ...chunks.map((chunk) => `  ${chunk.file}  ${(chunk.gzipBytes / 1024).toFixed(1)} KB`),
    ].join('\n'),
  )
  expect(chunks.some((chunk) => /AdminRoute|SchedulerPanel|UploadPanel|supabase/.test(chunk.file))).toBe(false)
  expect(total).toBeLessThanOrEqual(budgetBytes)
}, 180_000)
