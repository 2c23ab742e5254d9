import { runRestoreCommand } from './restore-command.ts'

process.exitCode = await runRestoreCommand(process.argv.slice(2), process.env, { log: console.log, error: console.error })
