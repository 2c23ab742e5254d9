import { Badge, Box, Button, Heading, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react'
import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { fromPromise } from 'xstate'
import { toaster } from '@/components/ui/toaster'
import { usePhoneLayout } from '@/components/ui/use-phone-layout'
import { errorCode } from '@/lib/api-error'
import { roleLabels, teamRoles, type TeamRole, type Viewer } from '@/lib/team'
import type { NewMemberSignIn, TeamApi } from './api/team-api'
import { teamMachine } from './team.machine'

export const teamTexts = {
  title: 'Team',
  add: 'Add member',
  email: 'Email',
  name: 'Name (optional)',
  role: 'Role',
  remove: 'Remove',
  you: 'You',
  passwordTitle: 'One-time password',
  passwordShownOnce: 'Shown only now: give it to them in person. It cannot be shown again.',
  copy: 'Copy',
  copied: 'Password copied',
  done: 'Done',
  confirmRemoval: (name: string) => `Remove ${name}? Their leads go back to Unassigned and their sessions end now.`,
  cancel: 'Cancel',
  loadFailed: 'Failed to load the team',
  retry: 'Retry',
  failed: 'The team was not changed',
} as const

export type TeamTabApi = Pick<TeamApi, 'fetchTeam' | 'addMember' | 'setRole' | 'removeMember'>

interface TeamTabProps {
  api: TeamTabApi
  viewer: Viewer
  /** The team changed: the dashboard reads it again (owner names, the owner lists). */
  onTeamChanged: () => void
}

async function copyPassword(added: NewMemberSignIn) {
  await navigator.clipboard.writeText(added.password)
  toaster.create({ title: teamTexts.copied, type: 'success' })
}

/** Admins manage the team: members with their roles, add by email (a one-time password), change a role, remove. */
export function TeamTab({ api, viewer, onTeamChanged }: TeamTabProps) {
  const machine = useMemo(
    () =>
      teamMachine.provide({
        actors: {
          fetchTeam: fromPromise(() => api.fetchTeam()),
          writeTeam: fromPromise(async ({ input }) => {
            if (input.kind === 'add') return api.addMember(input.member)
            if (input.kind === 'role') await api.setRole(input.userId, input.role)
            else await api.removeMember(input.userId)
            return null
          }),
        },
        actions: {
          notifyLoadFailed: (_, error) => console.error(error),
          notifyWriteFailed: (_, error) => {
            console.error(error)
            toaster.create({ title: teamTexts.failed, description: errorCode(error) ? (error as Error).message : undefined, type: 'error' })
          },
          notifyTeamChanged: () => onTeamChanged(),
        },
      }),
    [api, onTeamChanged],
  )
  const team = useActorRef(machine)
  const snapshot = useSelector(team, (state) => state)
  const phone = usePhoneLayout()
  const size = phone ? 'lg' : 'sm'
  const { members, form, added, confirmingRemoval } = snapshot.context
  const busy = snapshot.matches({ writing: 'sending' })

  return (
    <Stack gap="5">
      <Heading as="h2" size="md">
        {teamTexts.title} ({members.length})
      </Heading>
      <Stack as="form" direction={phone ? 'column' : 'row'} gap="2" align={phone ? 'stretch' : 'end'}
        onSubmit={(event) => {
          event.preventDefault()
          team.send({ type: 'member.add' })
        }}
      >
        <Input size={size} type="email" aria-label={teamTexts.email} placeholder={teamTexts.email} value={form.email}
          onChange={(event) => team.send({ type: 'form.change', field: 'email', value: event.target.value })} />
        <Input size={size} aria-label={teamTexts.name} placeholder={teamTexts.name} maxLength={80} value={form.displayName}
          onChange={(event) => team.send({ type: 'form.change', field: 'displayName', value: event.target.value })} />
        <NativeSelect.Root size={size} width={phone ? 'full' : '40'}>
          <NativeSelect.Field aria-label={teamTexts.role} value={form.role} onChange={(event) => team.send({ type: 'form.change', field: 'role', value: event.target.value })}>
            {teamRoles.map((role) => (
              <option key={role} value={role}>
                {roleLabels[role]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Button type="submit" size={size} loading={busy && snapshot.context.write?.kind === 'add'} disabled={busy || form.email.trim() === ''}>
          {teamTexts.add}
        </Button>
      </Stack>
      {added && (
        <Stack role="status" gap="2" borderWidth="1px" borderColor="orange.solid" rounded="md" p="4" data-testid="one-time-password">
          <Text fontWeight="semibold">
            {teamTexts.passwordTitle}: {added.email}
          </Text>
          <HStack gap="2" wrap="wrap">
            <Box as="code" fontSize="lg" px="2" py="1" bg="bg.muted" rounded="sm" overflowWrap="anywhere" data-testid="password">
              {added.password}
            </Box>
            <Button size={size} variant="outline" onClick={() => void copyPassword(added)}>
              {teamTexts.copy}
            </Button>
          </HStack>
          <Text fontSize="sm">{teamTexts.passwordShownOnce}</Text>
          <Button size={size} alignSelf="start" onClick={() => team.send({ type: 'password.dismiss' })}>
            {teamTexts.done}
          </Button>
        </Stack>
      )}
      {confirmingRemoval && (
        <Stack role="alertdialog" aria-label={teamTexts.confirmRemoval(confirmingRemoval.displayName)} gap="2" borderWidth="1px" borderColor="red.solid" rounded="md" p="4">
          <Text>{teamTexts.confirmRemoval(confirmingRemoval.displayName)}</Text>
          <HStack>
            <Button size={size} colorPalette="red" onClick={() => team.send({ type: 'removal.confirm' })}>
              {teamTexts.remove}
            </Button>
            <Button size={size} variant="outline" onClick={() => team.send({ type: 'removal.cancel' })}>
              {teamTexts.cancel}
            </Button>
          </HStack>
        </Stack>
      )}
      {snapshot.matches({ list: 'failed' }) && (
        <HStack>
          <Text color="fg.error">{teamTexts.loadFailed}</Text>
          <Button size={size} variant="outline" onClick={() => team.send({ type: 'team.retry' })}>
            {teamTexts.retry}
          </Button>
        </HStack>
      )}
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size={phone ? 'md' : 'sm'}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Name</Table.ColumnHeader>
              <Table.ColumnHeader>{teamTexts.email}</Table.ColumnHeader>
              <Table.ColumnHeader>{teamTexts.role}</Table.ColumnHeader>
              <Table.ColumnHeader />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {members.map((member) => (
              <Table.Row key={member.id} data-testid="team-member">
                <Table.Cell>
                  {member.displayName} {member.id === viewer.id && <Badge size={phone ? 'lg' : undefined}>{teamTexts.you}</Badge>}
                </Table.Cell>
                <Table.Cell overflowWrap="anywhere">{member.email}</Table.Cell>
                <Table.Cell>
                  <NativeSelect.Root size={size} width="32" disabled={busy}>
                    <NativeSelect.Field aria-label={`Role of ${member.displayName}`} value={member.role}
                      onChange={(event) => team.send({ type: 'role.change', userId: member.id, role: event.target.value as TeamRole })}>
                      {teamRoles.map((role) => (
                        <option key={role} value={role}>
                          {roleLabels[role]}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Table.Cell>
                <Table.Cell>
                  {member.id !== viewer.id && (
                    <Button size={size} variant="outline" colorPalette="red" disabled={busy} aria-label={`${teamTexts.remove} ${member.displayName}`}
                      onClick={() => team.send({ type: 'removal.ask', userId: member.id })}>
                      {teamTexts.remove}
                    </Button>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  )
}
