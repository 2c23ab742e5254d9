import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { importAliases } from '../import-aliases.js'

const projectRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..')

/** The project's import aliases (`@/` for src/, ...) as Vite resolves them. */
export const projectAliases = Object.entries(importAliases).map(([prefix, folder]) => ({
  find: new RegExp(`^${prefix.replace(/[/@]/g, '\\$&')}`),
  replacement: `${path.join(projectRoot, folder)}/`,
}))
