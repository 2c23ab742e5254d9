import { Badge, Box, Button, HStack, Input, Link, Spinner, Stack, Text } from '@chakra-ui/react'
import { useActorRef, useSelector } from '@xstate/react'
import { useCallback, useMemo } from 'react'
import { fromPromise } from 'xstate'
import { ListCard } from '@/components/ui/ListCard'
import { toaster } from '@/components/ui/toaster'
import { useNow } from '@/components/ui/use-now'
import { usePhoneLayout } from '@/components/ui/use-phone-layout'
import { errorCode } from '@/lib/api-error'
import { formatDateTime } from '@/lib/format'
import { languageName } from '@/lib/language-name'
import { isAdmin, ownerName, type TeamMember, type Viewer } from '@/lib/team'
import { accessCodeWhatsAppUrls } from './access-code-message'
import type { RequestsApi } from './api/requests-api'
import { ErasePersonButton } from './ErasePersonButton'
import type { ErasePersonApi } from './ErasePersonDialog'
import type { DataRequest } from './privacy.schema'
import { isOverdue, maskedPhone, requestsMachine } from './requests.machine'
import { requestKindLabels, requestStatusLabels, requestsTexts } from './requests-texts'

export type RequestsTabApi = Pick<RequestsApi, 'fetchRequests' | 'sendCode' | 'rejectRequest'>

interface RequestsTabProps {
  api: RequestsTabApi
  erasureApi: ErasePersonApi
  viewer: Viewer
  team: readonly TeamMember[]
  /** A request was handled or a person erased: counts and lists elsewhere read again. */
  onChanged: () => void
}

/** The visitors' requests about their data: codes to send (staff and admins), erasures and withdrawals to carry out or reject (admins). */
export function RequestsTab({ api, erasureApi, viewer, team, onChanged }: RequestsTabProps) {
  const machine = useMemo(
    () =>
      requestsMachine.provide({
        actors: {
          fetchRequests: fromPromise(() => api.fetchRequests()),
          writeRequest: fromPromise(async ({ input }) => {
            if (input.kind === 'sendCode') return api.sendCode(input.requestId)
            await api.rejectRequest(input.requestId, input.reason)
            return null
          }),
        },
        actions: {
          notifyLoadFailed: (_, error) => console.error(error),
          notifyWriteFailed: (_, error) => {
            console.error(error)
            toaster.create({ title: requestsTexts.failed, description: errorCode(error) ? (error as Error).message : undefined, type: 'error' })
          },
          notifyChanged: () => onChanged(),
        },
      }),
    [api, onChanged],
  )
  const requests = useActorRef(machine)
  const snapshot = useSelector(requests, (state) => state)
  const phone = usePhoneLayout()
  const now = useNow(60_000)
  const size = phone ? 'lg' : 'sm'
  const badgeSize = phone ? 'lg' : undefined
  const busy = snapshot.matches({ writing: 'sending' })
  const { sentCode, rejecting, revealed } = snapshot.context
  // The list reads again once the admin has read the result: reading at once would take the
  // request's row, and the dialog with it, away.
  const erasureRead = useCallback(() => requests.send({ type: 'requests.reload' }), [requests])

  const row = (request: DataRequest) => {
    const open = request.status === 'open'
    const overdue = isOverdue(request, now)
    return (
      <Stack key={request.id} data-testid="data-request" gap="2" borderWidth="1px" borderColor={overdue ? 'red.solid' : undefined} rounded="md" p="3">
        <HStack justify="space-between" wrap="wrap">
          <HStack>
            <Text fontWeight="semibold">{requestKindLabels[request.kind]}</Text>
            <Badge size={badgeSize} colorPalette={open ? 'orange' : request.status === 'done' ? 'green' : 'gray'}>
              {requestStatusLabels[request.status]}
            </Badge>
            {overdue && (
              <Badge size={badgeSize} colorPalette="red">
                {requestsTexts.overdue}
              </Badge>
            )}
          </HStack>
          <HStack>
            {request.phone === null ? (
              <Text color="fg.muted">{requestsTexts.erasedPhone}</Text>
            ) : revealed.includes(request.id) ? (
              <Text fontFamily="mono">{request.phone}</Text>
            ) : (
              <>
                <Text fontFamily="mono" aria-label="Masked number">
                  {maskedPhone(request.phone)}
                </Text>
                <Button size={phone ? 'lg' : 'xs'} variant="ghost" onClick={() => requests.send({ type: 'phone.reveal', requestId: request.id })}>
                  {requestsTexts.showPhone}
                </Button>
              </>
            )}
          </HStack>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {requestsTexts.created} {formatDateTime(request.created_at)} · {requestsTexts.deadline}{' '}
          <Text as="span" color={overdue ? 'fg.error' : undefined} fontWeight={overdue ? 'semibold' : undefined}>
            {formatDateTime(request.deadline)}
          </Text>
          {request.handled_by && ` · ${requestsTexts.handledBy} ${ownerName(request.handled_by, team)}`}
        </Text>
        {request.comment && <Text fontSize="sm">{requestsTexts.comment}: {request.comment}</Text>}
        {request.reason && <Text fontSize="sm">{requestsTexts.reason}: {request.reason}</Text>}
        {open && (
          <HStack wrap="wrap" gap="2">
            {request.kind === 'access_code' && (
              <Button size={size} disabled={busy} onClick={() => requests.send({ type: 'code.send', requestId: request.id })}>
                {requestsTexts.sendCode}
              </Button>
            )}
            {isAdmin(viewer) && request.kind !== 'access_code' && request.phone !== null && (
              <ErasePersonButton target={{ phone: request.phone, requestId: request.id }} api={erasureApi} onErased={onChanged} onDone={erasureRead} label={requestsTexts.erase} />
            )}
            {isAdmin(viewer) && (
              <Button size={size} variant="outline" disabled={busy} onClick={() => requests.send({ type: 'reject.ask', requestId: request.id })}>
                {requestsTexts.reject}
              </Button>
            )}
          </HStack>
        )}
        {rejecting?.requestId === request.id && (
          <Stack as="form" direction={phone ? 'column' : 'row'} gap="2"
            onSubmit={(event) => {
              event.preventDefault()
              requests.send({ type: 'reject.confirm' })
            }}
          >
            <Input size={size} aria-label={requestsTexts.rejectReason} placeholder={requestsTexts.rejectReason} maxLength={500} value={rejecting.reason}
              onChange={(event) => requests.send({ type: 'reject.reason', reason: event.target.value })} />
            <Button type="submit" size={size} colorPalette="red" disabled={busy || rejecting.reason.trim() === ''}>
              {requestsTexts.confirmReject}
            </Button>
            <Button size={size} variant="outline" onClick={() => requests.send({ type: 'reject.cancel' })}>
              {requestsTexts.cancel}
            </Button>
          </Stack>
        )}
      </Stack>
    )
  }

  const loading = snapshot.matches({ list: 'loading' }) && snapshot.context.requests.length === 0
  return (
    <Stack gap="4">
      {sentCode && (
        <Stack role="status" gap="2" borderWidth="1px" borderColor="orange.solid" rounded="md" p="4" data-testid="access-code">
          <Text fontWeight="semibold">
            {requestsTexts.codeTitle}: {sentCode.phone}
          </Text>
          <Box as="code" fontSize="2xl" letterSpacing="widest" px="2" py="1" bg="bg.muted" rounded="sm" alignSelf="start" data-testid="code">
            {sentCode.code}
          </Box>
          <Text fontSize="sm">{requestsTexts.codeShownOnce}</Text>
          <HStack wrap="wrap" gap="2">
            {accessCodeWhatsAppUrls(sentCode).map(({ language, url }) => (
              <Button key={language} asChild size={size} colorPalette="green" bg="green.700">
                <Link href={url} target="_blank" rel="noopener noreferrer">
                  {requestsTexts.openWhatsApp(languageName(language))}
                </Link>
              </Button>
            ))}
            <Button size={size} variant="outline" onClick={() => requests.send({ type: 'code.dismiss' })}>
              {requestsTexts.done}
            </Button>
          </HStack>
        </Stack>
      )}
      <ListCard
        title={requestsTexts.title}
        emptyText={requestsTexts.empty}
        empty={!loading && snapshot.matches({ list: 'shown' }) && snapshot.context.requests.length === 0}
        action={
          snapshot.matches({ list: 'failed' }) ? (
            <HStack>
              <Text color="fg.error">{requestsTexts.loadFailed}</Text>
              <Button size={size} variant="outline" onClick={() => requests.send({ type: 'requests.reload' })}>
                {requestsTexts.retry}
              </Button>
            </HStack>
          ) : undefined
        }
      >
        {loading ? (
          <HStack justify="center" py="8" role="status">
            <Spinner />
            <Text>{requestsTexts.loading}</Text>
          </HStack>
        ) : (
          <Stack gap="3">{snapshot.context.requests.map(row)}</Stack>
        )}
      </ListCard>
    </Stack>
  )
}
