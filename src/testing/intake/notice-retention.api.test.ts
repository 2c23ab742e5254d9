import { afterAll, beforeAll, expect, it } from 'vitest'
import type { RunningBackend } from '@backend/local/local-backend'
import { clientsOf } from '@backend/local/testing/clients'
import { startOwnBackend } from '@backend/local/testing/own-backend'
import { consultationFlow } from './consultation-flow'

let backend: RunningBackend

beforeAll(async () => {
  backend = await startOwnBackend({ rateLimits: false })
})

afterAll(async () => {
  await backend?.close()
})

// The notice states the flow's retention numbers: they must be what a fresh database keeps by default.
it("the notice's retention days are the database's default retention settings", async () => {
  const { data, error } = await clientsOf(backend).anonClient().rpc('retention_settings')
  expect(error).toBeNull()
  const { retention } = consultationFlow.notice
  expect(Object.fromEntries(Object.keys(retention).map((name) => [name, (data as Record<string, unknown>)[name]]))).toEqual(retention)
})
