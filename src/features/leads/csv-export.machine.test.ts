import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { CsvLead } from '@/lib/lead-fields'
import { aLead } from '@/testing/lead-fixtures'
import type { CsvChunk } from './api/lead-csv-chunks'
import { leadsCsvLines, leadsCsvStart } from './csv-export'
import { csvExportMachine, type CsvChunkRequest } from './csv-export.machine'
import { noLeadFilters } from './lead-query'
import { aTeam } from '@/testing/lead-work-fixtures'

/** A chunk as the api answers it: where the next one starts, or null at the end. */
const chunkOf = (chunk: CsvLead[], ended: boolean): CsvChunk => ({
  leads: chunk,
  next: ended ? null : { exportId: 'export-1', created_at: chunk.at(-1)!.created_at, lastId: chunk.at(-1)!.id },
})

/** The owners are named from the team the export starts with. */
const team = [aTeam.staff]

const leads: CsvLead[] = Array.from({ length: 7 }, (_, index) => aLead({ id: `lead-${index}`, name: `Lead ${'abcdefg'[index]}` }))

interface Request {
  input: CsvChunkRequest
  signal: AbortSignal
  resolve: (chunk: CsvChunk) => void
  reject: (error: unknown) => void
}

/** The machine with a backend whose chunks the test releases one by one. */
function startExport() {
  const requests: Request[] = []
  const saved: string[] = []
  const failures: unknown[] = []
  const actor = createActor(
    csvExportMachine.provide({
      actors: {
        fetchChunk: fromPromise<CsvChunk, CsvChunkRequest>(
          ({ input, signal }) => new Promise((resolve, reject) => requests.push({ input, signal, resolve, reject })),
        ),
      },
      actions: {
        // Decoded keeping the byte order mark, which Blob.text() would drop.
        saveFile: (_, parts) =>
          void new Blob(parts).arrayBuffer().then((bytes) => saved.push(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes))),
        notifyExportFailed: (_, error) => failures.push(error),
      },
    }),
    { input: { chunkSize: 3 } },
  ).start()
  /** Lets the answer land, and the chunk be written in the task after. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0)).then(() => new Promise((resolve) => setTimeout(resolve, 0)))
  /** Answers the request in flight with the leads after its cursor, as the keyset query would. */
  const answer = async () => {
    const request = requests.at(-1)!
    const start = request.input.after ? leads.findIndex((lead) => lead.id === request.input.after?.lastId) + 1 : 0
    request.resolve(chunkOf(leads.slice(start, start + request.input.size), start + request.input.size >= leads.length + 1))
    await settle()
  }
  return { actor, requests, saved, failures, settle, answer }
}

describe('CSV export machine', () => {
  it('writes chunk after chunk from where the last one ended, with progress, then saves one file', async () => {
    const run = startExport()
    const filters = { ...noLeadFilters, status: 'closed' as const }
    run.actor.send({ type: 'export.start', filters, total: 7, team })
    expect(run.requests[0]?.input).toEqual({ filters, after: null, size: 3 })
    await run.answer()
    expect(run.actor.getSnapshot().context).toMatchObject({ written: 3, total: 7, unwritten: [] })
    expect(run.requests[1]?.input.after).toEqual({ exportId: 'export-1', lastId: 'lead-2', created_at: leads[2]!.created_at })
    await run.answer()
    await run.answer()
    await run.settle()
    expect(run.requests).toHaveLength(3)
    expect(run.saved).toEqual([leadsCsvStart + leadsCsvLines(leads, team)])
    expect(run.actor.getSnapshot().value).toBe('idle')
    expect(run.actor.getSnapshot().context).toMatchObject({ written: 0, parts: [] })
  })

  it('asks for the next chunk before writing the one that arrived, so the two overlap', async () => {
    const run = startExport()
    run.actor.send({ type: 'export.start', filters: noLeadFilters, total: 7, team })
    run.requests[0]!.resolve(chunkOf(leads.slice(0, 3), false))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(run.requests).toHaveLength(2)
    expect(run.actor.getSnapshot().context).toMatchObject({ written: 0, unwritten: leads.slice(0, 3) })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(run.actor.getSnapshot().context).toMatchObject({ written: 3, unwritten: [] })
  })

  it('saves the header alone for no leads', async () => {
    const run = startExport()
    run.actor.send({ type: 'export.start', filters: noLeadFilters, total: 0, team })
    run.requests[0]!.resolve({ leads: [], next: null })
    await run.settle()
    await run.settle()
    expect(run.saved).toEqual([leadsCsvStart])
  })

  it('cancel stops the chunk in flight and saves nothing', async () => {
    const run = startExport()
    run.actor.send({ type: 'export.start', filters: noLeadFilters, total: 7, team })
    await run.answer()
    run.actor.send({ type: 'export.cancel' })
    expect(run.requests[1]!.signal.aborted).toBe(true)
    run.requests[1]!.resolve(chunkOf(leads.slice(3, 6), false))
    await run.settle()
    expect(run.saved).toEqual([])
    expect(run.actor.getSnapshot().value).toBe('idle')
    expect(run.actor.getSnapshot().context.written).toBe(0)
  })

  it('a failed chunk says so and saves nothing', async () => {
    const run = startExport()
    run.actor.send({ type: 'export.start', filters: noLeadFilters, total: 7, team })
    const offline = new TypeError('Failed to fetch')
    run.requests[0]!.reject(offline)
    await run.settle()
    expect(run.failures).toEqual([offline])
    expect(run.saved).toEqual([])
    expect(run.actor.getSnapshot().value).toBe('idle')
  })
})
