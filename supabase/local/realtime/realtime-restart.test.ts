import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { startLocalBackend, type LocalBackendOptions } from '../local-backend.ts'
import { clientsOf } from '../testing/clients.ts'
import { validLead } from '../testing/raw.ts'
import { changesOf, eventually, subscribed } from '../testing/realtime.ts'
import { createThrowawayDatabase } from '../testing/throwaway-database.ts'

describe('a Realtime client of a backend that restarts', () => {
  it('reconnects by itself, joins again and hears new changes', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'realtime-restart-'))
    const serverUrl = process.env.DATABASE_URL
    const database = serverUrl ? await createThrowawayDatabase(serverUrl) : undefined
    const options: LocalBackendOptions = { dataDir, databaseUrl: database?.url, rateLimits: false }
    try {
      const first = await startLocalBackend({ ...options, port: 0 })
      const admin = await clientsOf(first).createUserAndSignIn({ admin: true })
      const heard = await subscribed(admin.client, [{ event: 'INSERT', table: 'leads' }])
      const before = validLead()
      expect((await clientsOf(first).serviceClient().from('leads').insert(before)).error).toBeNull()
      await eventually(() => changesOf(heard, before.id)[0], 'the lead before the restart')
      await first.close()

      const second = await startLocalBackend({ ...options, port: Number(new URL(first.url).port) })
      try {
        const joinedAgain = () => heard.system.filter(({ status }) => status === 'ok').length === 2
        await eventually(joinedAgain, 'the client to join again', 20_000)
        const after = validLead()
        expect((await clientsOf(second).serviceClient().from('leads').insert(after)).error).toBeNull()
        const change = await eventually(() => changesOf(heard, after.id)[0], 'the lead after the restart')
        expect(change).toMatchObject({ eventType: 'INSERT', new: { id: after.id }, errors: null })
        expect(heard.statuses.map(({ status }) => status)).toEqual(['SUBSCRIBED', 'CHANNEL_ERROR', 'SUBSCRIBED'])
      } finally {
        await admin.client.removeAllChannels()
        await second.close()
      }
    } finally {
      await database?.drop()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
