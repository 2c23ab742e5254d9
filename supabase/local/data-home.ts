import { createHash } from 'node:crypto'
import { homedir } from 'node:os'
import path from 'node:path'

/** The app's folder among the user's application data. */
const appFolder = 'bespoke-jewellery-consultation'

/** What a checkout keeps a data folder for: `npm start` and the other commands, or the browser tests. */
export type DataPurpose = 'local' | 'e2e'

/**
 * Where a checkout keeps a local backend's data when LOCAL_BACKEND_DATA_DIR does not say: among the
 * user's application data (`$XDG_DATA_HOME`, else `~/.local/share`), one folder per checkout, so
 * never inside the project, whose files the dev server serves.
 */
export function defaultDataDir(purpose: DataPurpose, projectRoot: string, env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.XDG_DATA_HOME?.trim()
  // The XDG spec says to ignore a relative XDG_DATA_HOME.
  const dataHome = configured && path.isAbsolute(configured) ? configured : path.join(homedir(), '.local', 'share')
  const project = path.resolve(projectRoot)
  const name = path.basename(project).replace(/[^A-Za-z0-9._-]/g, '_') || 'project'
  const checkout = `${name}-${createHash('sha256').update(project).digest('hex').slice(0, 8)}`
  return path.join(dataHome, appFolder, checkout, purpose)
}

/** Where data folders used to live, inside the project; refused to any server, never used by default. */
export function legacyDataHome(projectRoot: string): string {
  return path.join(path.resolve(projectRoot), '.data')
}
