import { Box, Button, HStack, Image, Stack, Text } from '@chakra-ui/react'
import { useMachine } from '@xstate/react'
import { useMemo, useRef } from 'react'
import { fromPromise } from 'xstate'
import type { DesignImagesApi } from './api/design-images-api'
import { designImagesMachine } from './design-images.machine'
import { problemText, quoteTexts } from './quote-texts'
import { maxDesignImages } from './quote.schema'

interface DesignImagesProps {
  quoteId: string
  api: DesignImagesApi
  touch: boolean
}

/** A draft version's design images (CAD renders, photos): thumbnails with Remove, and Attach image up to 5. */
export function DesignImages({ quoteId, api, touch }: DesignImagesProps) {
  const machine = useMemo(
    () =>
      designImagesMachine.provide({
        actors: {
          fetchDesignImages: fromPromise(({ input }) => api.fetchDesignImages(input)),
          uploadDesignImage: fromPromise(({ input }) => api.uploadDesignImage(input.quoteId, input.file)),
          removeDesignImage: fromPromise(({ input }) => api.removeDesignImage(input)),
        },
      }),
    [api],
  )
  const [snapshot, send] = useMachine(machine, { input: { quoteId } })
  const picker = useRef<HTMLInputElement>(null)
  const { images, problem } = snapshot.context
  const size = touch ? 'lg' : 'sm'
  return (
    <Stack gap="2" role="group" aria-label={quoteTexts.designImages}>
      <Text fontWeight="medium">{quoteTexts.designImages}</Text>
      <HStack wrap="wrap" gap="2">
        {images.map((image, index) => (
          <Stack key={image.name} gap="1" align="center">
            <Image src={image.url} alt={`${quoteTexts.designImages} ${index + 1}`} boxSize="20" objectFit="cover" rounded="md" />
            <Button size={touch ? 'lg' : 'xs'} variant="ghost" disabled={!snapshot.matches('shown')} onClick={() => send({ type: 'image.remove', name: image.name })}>
              {quoteTexts.remove}
            </Button>
          </Stack>
        ))}
      </HStack>
      <Box>
        <input
          ref={picker}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          hidden
          aria-label={quoteTexts.attachImage}
          onChange={(event) => {
            const file = event.target.files?.[0]
            if (file) send({ type: 'image.add', file })
            event.target.value = ''
          }}
        />
        <Button size={size} variant="outline" disabled={!snapshot.matches('shown') || images.length >= maxDesignImages} onClick={() => picker.current?.click()}>
          {quoteTexts.attachImage}
        </Button>
      </Box>
      <Text fontSize="sm" color="fg.muted">
        {quoteTexts.designImageHelp}
      </Text>
      {problem !== null && (
        <Text color="fg.error" role="alert">
          {problemText(problem)}
        </Text>
      )}
    </Stack>
  )
}
