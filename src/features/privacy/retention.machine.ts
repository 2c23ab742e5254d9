import { assign, fromPromise, setup } from 'xstate'
import { errorCode } from '@/lib/api-error'
import { providedLater } from '@/lib/provided-later'
import { retentionFields, type RetentionKey, type RetentionSettings } from './privacy.schema'

type RetentionDraft = Record<RetentionKey, string>

interface RetentionContext {
  stored: RetentionSettings | null
  draft: RetentionDraft
  /** Why the last save was refused, in words for the admin; null when it was not. */
  problem: string | null
}

export const retentionMessages = {
  outOfRange: (field: (typeof retentionFields)[number]) => `${field.label}: a whole number from ${field.min} to ${field.max}.`,
  /** The database's retention_out_of_range, when the form's own check passed (bounds changed meanwhile). */
  refused: 'The database refused these numbers: each must lie within its bounds.',
  notAdmin: 'Only an admin can change how long data is kept.',
  failed: 'The retention settings were not saved.',
} as const

const draftOf = (settings: RetentionSettings): RetentionDraft =>
  Object.fromEntries(retentionFields.map((field) => [field.key, String(settings[field.key])])) as RetentionDraft

/** The first field of the draft that is not a whole number within its bounds, if any. */
export function invalidRetentionField(draft: RetentionDraft) {
  return retentionFields.find((field) => {
    const text = draft[field.key].trim()
    const value = Number(text)
    return !/^[0-9]+$/.test(text) || value < field.min || value > field.max
  })
}

/** What the database's refusal means to the admin. */
function refusalMessage(error: unknown): string {
  const code = errorCode(error)
  if (code === 'retention_out_of_range') return retentionMessages.refused
  if (code === 'not_admin' || code === '42501') return retentionMessages.notAdmin
  return retentionMessages.failed
}

/** Settings › Privacy's retention form: read, edited, checked against the bounds, saved as the database answers. */
export const retentionMachine = setup({
  types: {
    context: {} as RetentionContext,
    events: {} as { type: 'retention.edit'; key: RetentionKey; value: string } | { type: 'retention.save' } | { type: 'retention.retry' },
  },
  actors: {
    fetchRetention: fromPromise<RetentionSettings>(async () => {
      throw new Error('fetchRetention is provided by the section')
    }),
    setRetention: fromPromise<RetentionSettings, RetentionSettings>(async () => {
      throw new Error('setRetention is provided by the section')
    }),
  },
  actions: {
    notifyLoadFailed: providedLater<unknown>(),
    notifySaved: providedLater(),
  },
}).createMachine({
  id: 'retention',
  context: { stored: null, draft: { unconverted_lead_days: '', closed_lead_days: '', unfinished_chat_days: '', audit_days: '' }, problem: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'fetchRetention',
        onDone: { target: 'shown', actions: assign(({ event }) => ({ stored: event.output, draft: draftOf(event.output) })) },
        onError: { target: 'failed', actions: { type: 'notifyLoadFailed', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    failed: { on: { 'retention.retry': 'loading' } },
    shown: {
      on: {
        'retention.edit': { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, [event.key]: event.value }), problem: null }) },
        'retention.save': [
          {
            guard: ({ context }) => invalidRetentionField(context.draft) !== undefined,
            actions: assign({ problem: ({ context }) => retentionMessages.outOfRange(invalidRetentionField(context.draft)!) }),
          },
          { target: 'saving' },
        ],
      },
    },
    saving: {
      invoke: {
        src: 'setRetention',
        input: ({ context }) => Object.fromEntries(retentionFields.map((field) => [field.key, Number(context.draft[field.key])])) as RetentionSettings,
        onDone: { target: 'shown', actions: [assign(({ event }) => ({ stored: event.output, draft: draftOf(event.output), problem: null })), 'notifySaved'] },
        onError: { target: 'shown', actions: assign({ problem: ({ event }) => refusalMessage(event.error) }) },
      },
    },
  },
})
