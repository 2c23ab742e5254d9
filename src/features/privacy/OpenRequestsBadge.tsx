import { Badge } from '@chakra-ui/react'
import { useMachine } from '@xstate/react'
import { useEffect, useMemo, useRef } from 'react'
import { fromPromise } from 'xstate'
import { usePhoneLayout } from '@/components/ui/use-phone-layout'
import type { RequestsApi } from './api/requests-api'
import { openRequestsMachine } from './open-requests.machine'

interface OpenRequestsBadgeProps {
  api: Pick<RequestsApi, 'countOpenRequests'>
  /** Changes whenever requests may have changed: the count is read again. */
  version: number
}

/** How many requests are open, beside the Requests tab's name; nothing when none are. */
export function OpenRequestsBadge({ api, version }: OpenRequestsBadgeProps) {
  const machine = useMemo(() => openRequestsMachine.provide({ actors: { countOpenRequests: fromPromise(() => api.countOpenRequests()) } }), [api])
  const [snapshot, send] = useMachine(machine)
  const first = useRef(version)
  useEffect(() => {
    if (version !== first.current) send({ type: 'count.refresh' })
  }, [version, send])
  const { count } = snapshot.context
  const phone = usePhoneLayout()
  return count > 0 ? (
    <Badge size={phone ? 'lg' : undefined} colorPalette="red" ms="1" aria-label={`${count} open`} data-testid="open-requests">
      {count}
    </Badge>
  ) : null
}
