import { Button, HStack, Image, Link, Spinner, Stack, Text } from '@chakra-ui/react'
import { useMachine } from '@xstate/react'
import { useMemo } from 'react'
import { fromPromise } from 'xstate'
import { usePhoneLayout } from '@/components/ui/use-phone-layout'
import { errorCodes } from '@/lib/api-error'
import type { LeadsApi } from './api/leads-api'
import { openInNewTab } from './open-in-new-tab'
import { referenceImageMachine, type ReferenceImageFailure } from './reference-image.machine'

interface ReferenceImageProps {
  path: string
  leadName: string
  api: Pick<LeadsApi, 'signReferenceImage'>
}

function failureText(failure: ReferenceImageFailure): string {
  if (failure === errorCodes.referenceImageMissing) return 'This reference image is no longer stored.'
  if (failure === 'unreadable') return 'This reference image could not be shown.'
  return 'The reference image could not be loaded. Check the connection and try again.'
}

function openFailureText(failure: ReferenceImageFailure): string {
  if (failure === errorCodes.tabBlocked) return 'The browser blocked the new tab. Allow pop-ups for this site and try again.'
  return 'The image could not be opened. Try again.'
}

/**
 * A lead's reference image, shown from a short-lived signed URL. Clicking it (or Enter on it) opens
 * the image in a new tab under a freshly signed URL, so a dialog left open past the first URL's
 * lifetime still opens it.
 */
export function ReferenceImage({ path, leadName, api }: ReferenceImageProps) {
  const machine = useMemo(
    () =>
      referenceImageMachine.provide({
        actors: {
          signReferenceImage: fromPromise<string, { path: string }>(({ input }) => api.signReferenceImage(input.path)),
          openReferenceImage: fromPromise<void, { path: string }>(({ input }) => openInNewTab(api.signReferenceImage(input.path))),
        },
      }),
    [api],
  )
  const [snapshot, send] = useMachine(machine, { input: { path } })
  const phone = usePhoneLayout()
  const { url, failure, openFailure } = snapshot.context

  if (snapshot.matches('signing')) {
    return (
      <HStack role="status" gap="2" py="4">
        <Spinner size="sm" />
        <Text>Loading reference image...</Text>
      </HStack>
    )
  }
  if (snapshot.matches('failed') || !url) {
    return (
      <Stack gap="2" align="start" role="alert">
        <Text color="fg.error">{failureText(failure ?? 'unknown')}</Text>
        {failure !== errorCodes.referenceImageMissing && (
          <Button size={phone ? 'lg' : 'sm'} variant="outline" onClick={() => send({ type: 'image.retry' })}>
            Retry
          </Button>
        )}
      </Stack>
    )
  }
  return (
    <Stack gap="2" align="start">
      <Link
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Open reference image"
        aria-busy={snapshot.matches('opening')}
        onClick={(event) => {
          event.preventDefault()
          send({ type: 'image.open' })
        }}
      >
        {/* At least a thumb's width, however small the image: it is what opens it. */}
        <Image src={url} alt={`Reference for ${leadName}`} maxH="60" minW="12" minH="12" objectFit="contain" rounded="md" onError={() => send({ type: 'image.unreadable' })} />
      </Link>
      {openFailure && (
        <Text role="alert" color="fg.error" fontSize="sm">
          {openFailureText(openFailure)}
        </Text>
      )}
    </Stack>
  )
}
