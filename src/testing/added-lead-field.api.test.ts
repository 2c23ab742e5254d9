import { readFileSync } from 'node:fs'
import Papa from 'papaparse'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { parse, stringify } from 'yaml'
import type { RunningBackend } from '@backend/local/local-backend'
import { clientsOf, type SignedInUser, type TestClient } from '@backend/local/testing/clients'
import { migrationsWith } from '@backend/local/testing/migrations-with'
import { startOwnBackend } from '@backend/local/testing/own-backend'
import { declaredLeadFields, leadColumnFacts, leadColumnProblems } from '@backend/tests/support/lead-columns'
import { createLeadApi } from '@/features/intake/api/lead-api'
import type { LeadPayload } from '@/features/intake/lead/lead-payload'
import { createLeadsApi } from '@/features/leads/api/leads-api'
import { leadsCsvLines, leadsCsvStart } from '@/features/leads/csv-export'
import { allLeads, filtersOf } from '@/features/leads/lead-query'
import type { Lead } from '@/lib/lead-fields'
import { checkTranslation } from '../../flow-tools/check-translation'
import { formatProblem } from '../../flow-tools/flow-problem'
import { answerUntil, startChat, typedValues } from './intake/chat-driver'
import { consultationFile, consultationSource, loadFlowForTest } from './intake/consultation-flow'
import { plainOption } from './intake/flow-reading'
import { withDom } from './with-dom'

/** The declaration README's "Adding a lead field" adds to src/lib/lead-fields.ts, as it writes it. */
const declarationLine = "{ name: 'gift_wrap', kind: 'answer', label: 'Gift Wrap', optional: true, section: 'requirements', csvHeader: 'Gift Wrap' },"

vi.mock('@/lib/lead-fields', async (importOriginal) => {
  const declared = await importOriginal<typeof import('@/lib/lead-fields')>()
  const giftWrap = { name: 'gift_wrap', kind: 'answer', label: 'Gift Wrap', optional: true, section: 'requirements', csvHeader: 'Gift Wrap' }
  return { ...declared, leadFields: [...declared.leadFields, giftWrap] }
})

type GiftWrapped<T> = T & { gift_wrap: string }

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
const hindiFile = 'flows/consultation.hi.yaml'
const hindiSource = readFileSync(new URL(`../../${hindiFile}`, import.meta.url), 'utf8')

/** The README's recipe, and its code blocks in order, each with its language. */
function recipe() {
  const start = readme.indexOf('## Adding a lead field')
  const end = readme.indexOf('\n## ', start + 1)
  const text = readme.slice(start, end === -1 ? undefined : end)
  const blocks = [...text.matchAll(/^( *)```(\w+)\n([\s\S]*?)^\1```$/gm)].map(([, indent = '', language, code = '']) => ({
    language,
    code: code.replace(new RegExp(`^${indent}`, 'gm'), ''),
  }))
  const [sql, declaration, step, hindi] = blocks
  if (!sql || !declaration || !step || !hindi) throw new Error(`README's "Adding a lead field" lost a code block: ${blocks.length} of 4`)
  return { text, sql: sql.code, declaration: declaration.code.trim(), step: step.code, hindi: hindi.code }
}

/** The shipped flow with the recipe's step, asked after the step named in the recipe. */
function flowAskingGiftWrap(stepYaml: string) {
  const flow = parse(consultationSource) as { steps: { id: string; next?: string }[] }
  const [step] = parse(stepYaml) as { id: string; next: string }[]
  const before = flow.steps.find((candidate) => candidate.next === step!.next)
  if (!step || !before) throw new Error("the recipe's step does not go on to a step of the flow")
  before.next = step.id
  flow.steps.splice(flow.steps.indexOf(before) + 1, 0, step)
  return loadFlowForTest(stringify(flow), consultationFile)
}

function hindiWith(stepTexts: string | null): string {
  const translation = parse(hindiSource) as { steps: Record<string, unknown> }
  if (stepTexts !== null) Object.assign(translation.steps, parse(stepTexts))
  return stringify(translation)
}

const signal = () => new AbortController().signal

describe("README's recipe for a lead field, followed end to end", () => {
  const steps = recipe()
  const flow = flowAskingGiftWrap(steps.step)
  let backend: RunningBackend
  let visitor: TestClient
  let admin: SignedInUser

  beforeAll(async () => {
    backend = await startOwnBackend({ rateLimits: false, migrationsDir: await migrationsWith(steps.sql) })
    const clients = clientsOf(backend)
    visitor = clients.anonClient()
    admin = await clients.createUserAndSignIn({ admin: true })
  })

  afterAll(async () => {
    await backend?.close()
  })

  it('declares the field as the test does, and asks it in the flow with its Hindi texts (else flow:check says what is missing)', () => {
    expect(steps.declaration).toBe(declarationLine)
    expect(flow.steps.find((step) => step.id === 'gift_wrap')).toMatchObject({ answer: 'gift_wrap' })
    const withoutHindi = checkTranslation(flow, hindiWith(null), hindiFile, 'hi')
    expect(withoutHindi.ok ? [] : withoutHindi.problems.map(formatProblem)).toContainEqual(expect.stringMatching(/missing hi translation of steps › gift_wrap › say/))
    const translated = checkTranslation(flow, hindiWith(steps.hindi), hindiFile, 'hi')
    expect(translated.ok ? [] : translated.problems.map(formatProblem)).toEqual([])
  })

  it('its migration is all the database needs: the columns check finds nothing out of step', async () => {
    const facts = await leadColumnFacts(backend, visitor, admin.client)
    expect(leadColumnProblems(facts, declaredLeadFields())).toEqual([])
    expect(declaredLeadFields()).toContain('gift_wrap')
  })

  it("takes the visitor's answer from the chat to the row, the search, the details dialog and the CSV", async () => {
    vi.useFakeTimers()
    const chat = startChat(flow)
    try {
      await answerUntil(chat, () => chat.doubles.saves.length > 0, (step) => (step.id === 'gift_wrap' ? 'Yes please' : plainOption(step)))
    } finally {
      vi.useRealTimers()
    }
    const [saved] = chat.doubles.saves as GiftWrapped<LeadPayload>[]
    expect(saved?.gift_wrap).toBe('Yes please')
    await createLeadApi(visitor).saveLead(saved!)

    const leads = createLeadsApi(admin.client)
    const query = { ...allLeads, search: typedValues.name!.trim() }
    const found = (await leads.fetchLeadsPage(query, { from: 0, to: 9 }, signal())) as GiftWrapped<Lead>[]
    expect(found.map((lead) => [lead.id, lead.gift_wrap])).toEqual([[saved!.id, 'Yes please']])
    expect(await leads.countLeads(filtersOf(query), signal())).toBe(1)

    const chunk = await leads.fetchLeadsCsvChunk(filtersOf(query), null, 10, signal())
    const [header, line] = Papa.parse<string[]>((leadsCsvStart + leadsCsvLines(chunk.leads, [])).slice(1), { skipEmptyLines: true }).data
    expect(line?.[header!.indexOf('Gift Wrap')]).toBe('Yes please')

    const lead = found[0]!
    const requirements = await withDom(async () => {
      const { createElement } = await import('react')
      const { render, screen, within } = await import('@testing-library/react')
      const { ChakraProvider } = await import('@chakra-ui/react/styled-system')
      const { adminSystem } = await import('@/components/ui/admin-system')
      const { LeadDetailsDialog } = await import('@/features/leads/LeadDetailsDialog')
      const api = { signReferenceImage: async () => '' }
      render(createElement(ChakraProvider, { value: adminSystem, children: createElement(LeadDetailsDialog, { lead, api, onClose: () => {} }) }))
      const section = (await screen.findByRole('heading', { name: 'Jewelry Requirements' })).closest('section') as HTMLElement
      return within(section).getByText('Gift Wrap').nextElementSibling?.textContent
    })
    expect(requirements).toBe('Yes please')
  })
})
