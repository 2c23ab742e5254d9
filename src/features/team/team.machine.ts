import { assign, fromPromise, raise, setup } from 'xstate'
import { providedLater } from '@/lib/provided-later'
import type { TeamMember, TeamRole } from '@/lib/team'
import type { NewMember, NewMemberSignIn } from './api/team-api'

type TeamWrite =
  | { kind: 'add'; member: NewMember }
  | { kind: 'role'; userId: string; role: TeamRole }
  | { kind: 'remove'; userId: string }

interface TeamContext {
  members: TeamMember[]
  form: { email: string; displayName: string; role: TeamRole }
  /** The sign-in just made: its password is shown once, until dismissed. */
  added: NewMemberSignIn | null
  /** The member whose removal awaits confirmation. */
  confirmingRemoval: TeamMember | null
  write: TeamWrite | null
}

const emptyForm = { email: '', displayName: '', role: 'staff' as TeamRole }

/**
 * The Team tab: the members read, and one write at a time (add, change a role, remove after a
 * confirmation), each followed by a fresh read. A new member's one-time password stays in the
 * context only until it is dismissed.
 */
export const teamMachine = setup({
  types: {
    context: {} as TeamContext,
    events: {} as
      | { type: 'team.retry' }
      | { type: 'form.change'; field: keyof TeamContext['form']; value: string }
      | { type: 'member.add' }
      | { type: 'role.change'; userId: string; role: TeamRole }
      | { type: 'removal.ask'; userId: string }
      | { type: 'removal.confirm' }
      | { type: 'removal.cancel' }
      | { type: 'password.dismiss' }
      /** A write ended (stored or refused): the list is read again, as the database now has it. */
      | { type: 'team.written' },
  },
  actors: {
    fetchTeam: fromPromise<TeamMember[]>(async () => {
      throw new Error('fetchTeam is provided by the tab')
    }),
    writeTeam: fromPromise<NewMemberSignIn | null, TeamWrite>(async () => {
      throw new Error('writeTeam is provided by the tab')
    }),
  },
  actions: {
    notifyLoadFailed: providedLater<unknown>(),
    notifyWriteFailed: providedLater<unknown>(),
    notifyTeamChanged: providedLater(),
  },
  guards: {
    formComplete: ({ context }) => context.form.email.trim() !== '',
  },
}).createMachine({
  id: 'team',
  type: 'parallel',
  context: { members: [], form: emptyForm, added: null, confirmingRemoval: null, write: null },
  on: {
    'form.change': { actions: assign({ form: ({ context, event }) => ({ ...context.form, [event.field]: event.value }) }) },
    'password.dismiss': { actions: assign({ added: null }) },
  },
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'fetchTeam',
            onDone: { target: 'shown', actions: assign({ members: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: { type: 'notifyLoadFailed', params: ({ event }: { event: { error: unknown } }) => event.error } },
          },
        },
        shown: { on: { 'team.written': 'loading' } },
        failed: { on: { 'team.retry': 'loading' } },
      },
    },
    writing: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'member.add': {
              guard: 'formComplete',
              target: 'sending',
              actions: assign({
                write: ({ context }) => ({
                  kind: 'add' as const,
                  member: { email: context.form.email, role: context.form.role, displayName: context.form.displayName },
                }),
              }),
            },
            'role.change': { target: 'sending', actions: assign({ write: ({ event }) => ({ kind: 'role' as const, userId: event.userId, role: event.role }) }) },
            'removal.ask': {
              actions: assign({ confirmingRemoval: ({ context, event }) => context.members.find((member) => member.id === event.userId) ?? null }),
            },
            'removal.cancel': { actions: assign({ confirmingRemoval: null }) },
            'removal.confirm': {
              guard: ({ context }) => context.confirmingRemoval !== null,
              target: 'sending',
              actions: assign({ write: ({ context }) => ({ kind: 'remove' as const, userId: context.confirmingRemoval!.id }), confirmingRemoval: null }),
            },
          },
        },
        sending: {
          invoke: {
            src: 'writeTeam',
            input: ({ context }) => context.write!,
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context, event }) => ({
                  added: event.output ?? context.added,
                  form: context.write?.kind === 'add' ? emptyForm : context.form,
                  write: null,
                })),
                'notifyTeamChanged',
                raise({ type: 'team.written' }),
              ],
            },
            onError: {
              target: 'idle',
              actions: [{ type: 'notifyWriteFailed', params: ({ event }: { event: { error: unknown } }) => event.error }, assign({ write: null }), raise({ type: 'team.written' })],
            },
          },
        },
      },
    },
  },
})
