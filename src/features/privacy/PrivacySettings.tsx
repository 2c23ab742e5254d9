import { Badge, Button, Field, Heading, HStack, Input, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react'
import { useMachine } from '@xstate/react'
import { useMemo } from 'react'
import { fromPromise } from 'xstate'
import { toaster } from '@/components/ui/toaster'
import { usePhoneLayout } from '@/components/ui/use-phone-layout'
import { downloadFile } from '@/lib/download-file'
import { formatDateTime } from '@/lib/format'
import { ownerName, type TeamMember } from '@/lib/team'
import type { AuditApi } from './api/audit-api'
import type { ErasureApi } from './api/erasure-api'
import type { RetentionApi } from './api/retention-api'
import { auditCsv, auditCsvFileName } from './audit-csv'
import { erasureCountsText } from './erasure-texts'
import { retentionFields } from './privacy.schema'
import { auditEventsShown, privacyLogsMachine } from './privacy-logs.machine'
import { erasureReasonLabels, privacySettingsTexts as texts } from './privacy-settings-texts'
import { retentionMachine } from './retention.machine'

export interface PrivacySettingsApi {
  retention: RetentionApi
  erasures: Pick<ErasureApi, 'fetchErasures' | 'retryPendingFiles'>
  audit: AuditApi
}

interface PrivacySettingsProps {
  api: PrivacySettingsApi
  team: readonly TeamMember[]
}

const actorName = (actor: string | null, team: readonly TeamMember[]) => (actor === null ? texts.system : ownerName(actor, team))

function RetentionForm({ api }: { api: RetentionApi }) {
  const machine = useMemo(
    () =>
      retentionMachine.provide({
        actors: { fetchRetention: fromPromise(() => api.fetchRetention()), setRetention: fromPromise(({ input }) => api.setRetention(input)) },
        actions: {
          notifyLoadFailed: (_, error) => console.error(error),
          notifySaved: () => toaster.create({ title: texts.saved, type: 'success' }),
        },
      }),
    [api],
  )
  const [snapshot, send] = useMachine(machine)
  const phone = usePhoneLayout()
  const size = phone ? 'lg' : 'sm'
  if (snapshot.matches('failed')) {
    return (
      <HStack>
        <Text color="fg.error">{texts.loadFailed}</Text>
        <Button size={size} variant="outline" onClick={() => send({ type: 'retention.retry' })}>
          {texts.retry}
        </Button>
      </HStack>
    )
  }
  return (
    <Stack as="form" gap="3" aria-label={texts.retention}
      onSubmit={(event) => {
        event.preventDefault()
        send({ type: 'retention.save' })
      }}
    >
      <Heading as="h3" size="sm">
        {texts.retention}
      </Heading>
      <SimpleGrid columns={phone ? 1 : 4} gap="3">
        {retentionFields.map((field) => (
          <Field.Root key={field.key}>
            <Field.Label>{field.label}</Field.Label>
            <Input size={size} inputMode="numeric" value={snapshot.context.draft[field.key]} disabled={!snapshot.matches('shown')}
              onChange={(event) => send({ type: 'retention.edit', key: field.key, value: event.target.value })} />
            <Field.HelperText>
              {field.min}–{field.max}
            </Field.HelperText>
          </Field.Root>
        ))}
      </SimpleGrid>
      {snapshot.context.problem && (
        <Text role="alert" color="fg.error">
          {snapshot.context.problem}
        </Text>
      )}
      <Text fontSize="sm" color="fg.muted">
        {texts.retentionHelp}
      </Text>
      <Button type="submit" size={size} alignSelf="start" loading={snapshot.matches('saving')} disabled={!snapshot.matches('shown')}>
        {texts.save}
      </Button>
    </Stack>
  )
}

/** Settings › Privacy (admins): how long data is kept, the erasures and the audit log with its CSV download. */
export function PrivacySettings({ api, team }: PrivacySettingsProps) {
  const machine = useMemo(
    () =>
      privacyLogsMachine.provide({
        actors: {
          fetchLogs: fromPromise(async () => {
            // Files an erasure could not remove are tried again first, so the log shows the erasures as they ended.
            await api.erasures.retryPendingFiles().catch((error: unknown) => console.error(error))
            const [erasures, events] = await Promise.all([api.erasures.fetchErasures(), api.audit.fetchAuditPage(null, auditEventsShown)])
            return { erasures, events }
          }),
          fetchOlderEvents: fromPromise(({ input }) => api.audit.fetchAuditPage(input, auditEventsShown)),
          fetchAllEvents: fromPromise(() => api.audit.fetchAllAuditEvents()),
        },
        actions: {
          saveCsv: (_, events) => downloadFile(auditCsvFileName(new Date()), new Blob([auditCsv(events, team)], { type: 'text/csv;charset=utf-8' })),
          notifyFailed: (_, error) => {
            console.error(error)
            toaster.create({ title: texts.downloadFailed, type: 'error' })
          },
        },
      }),
    [api, team],
  )
  const [snapshot, send] = useMachine(machine)
  const phone = usePhoneLayout()
  const size = phone ? 'lg' : 'sm'
  const { erasures, events, moreEvents } = snapshot.context

  return (
    <Stack gap="6">
      <RetentionForm api={api.retention} />
      {snapshot.matches({ list: 'failed' }) && (
        <HStack>
          <Text color="fg.error">{texts.loadFailed}</Text>
          <Button size={size} variant="outline" onClick={() => send({ type: 'logs.reload' })}>
            {texts.retry}
          </Button>
        </HStack>
      )}
      <Stack as="section" aria-label={texts.erasures} gap="2">
        <Heading as="h3" size="sm">
          {texts.erasures}
        </Heading>
        {erasures.length === 0 ? (
          <Text color="fg.muted">{snapshot.matches({ list: 'loading' }) ? '…' : texts.noErasures}</Text>
        ) : (
          <Stack gap="1" data-testid="erasures">
            {erasures.map((erasure) => (
              <Text key={erasure.id} fontSize="sm">
                {formatDateTime(erasure.erased_at)} · {actorName(erasure.erased_by, team)} · <Badge size={phone ? 'lg' : undefined}>{erasureReasonLabels[erasure.reason]}</Badge> ·{' '}
                {erasureCountsText(erasure)}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
      <Stack as="section" aria-label={texts.audit} gap="2">
        <HStack justify="space-between" wrap="wrap">
          <Heading as="h3" size="sm">
            {texts.audit}
          </Heading>
          <Button size={size} variant="outline" loading={snapshot.matches({ download: 'reading' })} onClick={() => send({ type: 'audit.download' })}>
            {texts.download}
          </Button>
        </HStack>
        {events.length === 0 ? (
          <Text color="fg.muted">{snapshot.matches({ list: 'loading' }) ? '…' : texts.noEvents}</Text>
        ) : (
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>At</Table.ColumnHeader>
                  <Table.ColumnHeader>Kind</Table.ColumnHeader>
                  <Table.ColumnHeader>Who</Table.ColumnHeader>
                  <Table.ColumnHeader>Address</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {events.map((event) => (
                  <Table.Row key={event.id} data-testid="audit-event">
                    <Table.Cell whiteSpace="nowrap">{formatDateTime(event.at)}</Table.Cell>
                    <Table.Cell>{event.kind}</Table.Cell>
                    <Table.Cell>{actorName(event.actor, team)}</Table.Cell>
                    <Table.Cell>{event.address ?? ''}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
        {moreEvents && (
          <Button size={size} variant="ghost" alignSelf="start" loading={snapshot.matches({ list: 'loadingMore' })} onClick={() => send({ type: 'audit.more' })}>
            {texts.older}
          </Button>
        )}
      </Stack>
    </Stack>
  )
}
