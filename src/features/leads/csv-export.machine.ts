import { assign, fromPromise, raise, setup } from 'xstate'
import type { CsvLead } from '@/lib/lead-fields'
import type { TeamMember } from '@/lib/team'
import { providedLater } from '@/lib/provided-later'
import type { CsvChunk, LeadCursor } from './api/lead-csv-chunks'
import { leadsCsvLines, leadsCsvStart } from './csv-export'
import { noLeadFilters, type LeadFilters } from './lead-query'

export interface CsvChunkRequest {
  filters: LeadFilters
  /** Where the last chunk ended, or null for the first. */
  after: LeadCursor | null
  size: number
}

interface CsvExportContext {
  filters: LeadFilters
  /** Names the leads' owners. */
  team: readonly TeamMember[]
  /** The number of matching leads, when the table already knows it: the progress bar's end. */
  total: number | null
  written: number
  /** Leads arrived, to be written once the next chunk is asked for (so the two overlap). */
  unwritten: CsvLead[]
  after: LeadCursor | null
  /** The file so far, one part per chunk: each chunk's leads are dropped once written. */
  parts: Blob[]
  chunkSize: number
}

type CsvExportEvent =
  | { type: 'export.start'; filters: LeadFilters; total: number | null; team: readonly TeamMember[] }
  | { type: 'export.cancel' }
  | { type: 'chunk.write' }

/** Hosted PostgREST answers at most 1000 rows a request. */
export const defaultChunkSize = 1000

const nothingWritten = { written: 0, unwritten: [], after: null, parts: [] }

/**
 * Exporting the leads matching the table's filters, of any number: chunk after chunk, each written
 * into the file's parts (and its leads dropped) while the next one is on its way, then one download.
 * Cancel stops (aborts) the chunk in flight and drops what was written.
 */
export const csvExportMachine = setup({
  types: {
    context: {} as CsvExportContext,
    input: {} as { chunkSize?: number },
    events: {} as CsvExportEvent,
  },
  actors: {
    fetchChunk: fromPromise<CsvChunk, CsvChunkRequest>(async () => {
      throw new Error('fetchChunk is provided by the component')
    }),
  },
  actions: {
    saveFile: providedLater<Blob[]>(),
    notifyExportFailed: providedLater<unknown>(),
    begin: assign(({ event }) =>
      event.type === 'export.start' ? { filters: event.filters, total: event.total, team: event.team, ...nothingWritten, parts: [new Blob([leadsCsvStart])] } : {},
    ),
    receiveChunk: assign(({ context }, chunk: CsvChunk) => ({ unwritten: [...context.unwritten, ...chunk.leads], after: chunk.next })),
    /** In the next task, once the next chunk has been asked for. */
    writeLater: raise({ type: 'chunk.write' }, { delay: 0 }),
    writeChunk: assign(({ context }) => ({
      parts: [...context.parts, new Blob([leadsCsvLines(context.unwritten, context.team)])],
      written: context.written + context.unwritten.length,
      unwritten: [],
    })),
    forget: assign(nothingWritten),
  },
  guards: {
    lastChunk: (_, chunk: CsvChunk) => chunk.next === null,
  },
}).createMachine({
  id: 'csvExport',
  context: ({ input }) => ({
    filters: noLeadFilters,
    team: [],
    total: null,
    ...nothingWritten,
    chunkSize: input.chunkSize ?? defaultChunkSize,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'export.start': { target: 'exporting', actions: 'begin' } },
    },
    exporting: {
      on: {
        'export.cancel': { target: 'idle', actions: 'forget' },
        'chunk.write': { actions: 'writeChunk' },
      },
      invoke: {
        id: 'chunk',
        src: 'fetchChunk',
        input: ({ context }) => ({ filters: context.filters, after: context.after, size: context.chunkSize }),
        onDone: [
          {
            guard: { type: 'lastChunk', params: ({ event }) => event.output },
            target: 'idle',
            actions: [
              { type: 'receiveChunk', params: ({ event }) => event.output },
              'writeChunk',
              { type: 'saveFile', params: ({ context }) => context.parts },
              'forget',
            ],
          },
          {
            target: 'exporting',
            reenter: true,
            actions: [{ type: 'receiveChunk', params: ({ event }) => event.output }, 'writeLater'],
          },
        ],
        onError: {
          target: 'idle',
          actions: [{ type: 'notifyExportFailed', params: ({ event }: { event: { error: unknown } }) => event.error }, 'forget'],
        },
      },
    },
  },
})
