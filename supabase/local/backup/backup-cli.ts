import { runBackupCommand } from './backup-command.ts'

process.exitCode = await runBackupCommand(process.argv.slice(2), process.env, { log: console.log, error: console.error })
