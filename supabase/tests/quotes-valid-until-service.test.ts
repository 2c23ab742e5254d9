import { afterAll, beforeAll, expect, it } from 'vitest'
import { createdQuote, draftOf, istDate, setRate, sharedQuote } from './support/quotes.ts'
import { arrangeLead, startTeamBackend, type TeamBackend } from './support/team-backend.ts'

let team: TeamBackend

beforeAll(async () => {
  team = await startTeamBackend()
  await setRate(team.admin.client, 'gold_22k', 685_000)
})

afterAll(async () => {
  await team?.backend.close()
})

async function sharedRing() {
  const lead = await arrangeLead(team.serviceClient())
  const quote = await createdQuote(team.admin.client, lead, draftOf({ kind: 'metal', metal: 'gold_22k', weight_mg: 4_250 }))
  return sharedQuote(team.admin.client, quote.id)
}

it('lets the service role date a shared quote in the past, after which its link says quote_expired', async () => {
  const { token, quote } = await sharedRing()
  const { error } = await team.serviceClient().from('quotes').update({ valid_until: istDate(-1) }).eq('id', quote.id)
  expect(error).toBeNull()
  const { error: refused } = await team.anonClient().rpc('quote_for_customer', { token })
  expect(refused).toMatchObject({ code: 'quote_expired' })
})

it('lets the service role change nothing else of a quote, and nobody else even the date', async () => {
  const { quote } = await sharedRing()
  const service = await team.serviceClient().from('quotes').update({ status: 'approved', total_paise: 1 }).eq('id', quote.id)
  expect(service.error).toMatchObject({ code: '42501' })
  for (const client of [team.admin.client, team.staff.client, team.anonClient()]) {
    const { error } = await client.from('quotes').update({ valid_until: istDate(30) }).eq('id', quote.id)
    expect(error).toMatchObject({ code: '42501' })
  }
  const { data } = await team.serviceClient().from('quotes').select('status, valid_until, total_paise').eq('id', quote.id).single()
  expect(data).toEqual({ status: 'shared', valid_until: quote.valid_until, total_paise: quote.total_paise })
})
