import path from 'node:path'
import { defaultDataDir } from '../supabase/local/data-home.ts'

/** The browser tests' backend data folder: E2E_DATA_DIR when a second suite runs beside them, else the checkout's own. */
export function e2eDataDir(): string {
  return path.resolve(process.env.E2E_DATA_DIR ?? defaultDataDir('e2e', process.cwd()))
}
