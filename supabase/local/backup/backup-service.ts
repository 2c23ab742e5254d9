import type { IncomingMessage } from 'node:http'
import type { BackendContext } from '../backend-context.ts'
import { apiKeyOf, identifyCaller } from '../http/caller.ts'
import { fromThisMachine } from '../http/client-address.ts'
import { readJsonBody } from '../http/read-body.ts'
import { sendJson } from '../http/respond.ts'
import type { ServiceHandler } from '../http/service.ts'
import { BackupError } from './backup-error.ts'
import type { BackupRunner } from './backup-runner.ts'
import { minimumPassphraseLength } from './backup-settings.ts'

/** Where `npm run backup` asks a running server for a backup. */
export const backupPath = '/backup/v1'

const refusal = (status: number, code: string, message: string) => ({ status, body: { code, message } })

/** Only this machine, with no proxy in between, and only the service key (the data folder's owner has it). */
async function refuseCaller(req: IncomingMessage, url: URL, context: BackendContext) {
  const forwarded = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined
  if (!fromThisMachine(req) || forwarded) return refusal(403, 'backup_loopback_only', 'Backups are made only for requests from this machine, not through a proxy.')
  const identified = await identifyCaller(req, url, context.keys)
  if (apiKeyOf(req, url) !== context.keys.serviceRoleKey || !identified.ok || identified.caller.role !== 'service_role') {
    return refusal(403, 'backup_service_key_required', 'Backups need the service key (in the data folder’s keys.json).')
  }
  return undefined
}

async function passphraseOf(req: IncomingMessage): Promise<{ ok: true; passphrase: string | undefined } | { ok: false; message: string }> {
  const body = await readJsonBody(req, 4096)
  if (!body.ok) return { ok: false, message: body.reason === 'too_large' ? 'The request body is too large.' : 'The request body is not JSON.' }
  if (body.empty) return { ok: true, passphrase: undefined }
  const value = body.value as { passphrase?: unknown } | null
  if (typeof value !== 'object' || value === null || Array.isArray(value) || Object.keys(value).some((key) => key !== 'passphrase')) {
    return { ok: false, message: 'The body may only hold {"passphrase": "..."}.' }
  }
  if (value.passphrase === undefined) return { ok: true, passphrase: undefined }
  if (typeof value.passphrase !== 'string' || value.passphrase.length < minimumPassphraseLength || value.passphrase.length > 1024) {
    return { ok: false, message: `passphrase must be text of ${minimumPassphraseLength} to 1024 characters.` }
  }
  return { ok: true, passphrase: value.passphrase }
}

/**
 * `POST /backup/v1`: a backup of the running backend's data folder, answered with the file's path.
 * `runner` is undefined where there is nothing to back up this way (a PostgreSQL server, memory).
 */
export function backupService(context: BackendContext, runner: BackupRunner | undefined): ServiceHandler {
  return async (req, res, url, path) => {
    if (path !== '' && path !== '/') return sendJson(res, 404, { code: 'not_found', message: `Not found: backups are made by POST ${backupPath}` })
    if (req.method !== 'POST') return sendJson(res, 405, { code: 'method_not_allowed', message: `Backups are made by POST ${backupPath}` }, { allow: 'POST' })
    const refused = await refuseCaller(req, url, context)
    if (refused) return sendJson(res, refused.status, refused.body)
    if (!runner) {
      const what = context.db.kind === 'postgres' ? 'backups of a PostgreSQL server (use pg_dump, see the README)' : 'backups of an in-memory database'
      return sendJson(res, 501, { code: 'LOCAL501', message: `Not supported by the local backend: ${what}` })
    }
    const body = await passphraseOf(req)
    if (!body.ok) return sendJson(res, 400, { code: 'backup_bad_request', message: body.message })
    try {
      sendJson(res, 201, await runner.run(body.passphrase))
    } catch (error) {
      if (!(error instanceof BackupError)) throw error
      sendJson(res, error.code === 'backup_in_progress' ? 409 : 500, { code: error.code, message: error.message })
    }
  }
}
