import { Box } from '@chakra-ui/react/box'
import { Stack } from '@chakra-ui/react/stack'
import { chakra } from '@chakra-ui/react/styled-system'
import { Text } from '@chakra-ui/react/text'
import { useId, useState, type ChangeEvent } from 'react'
import { Provider } from '@/components/ui/provider'
import { checkReferenceImage } from '../api/reference-image-file'
import type { UploadAreaTexts } from '../flow/flow-texts.schema'
import type { UploadStatus } from '../machine/intake-types'

interface UploadPanelProps {
  status: UploadStatus
  texts: UploadAreaTexts
  onFile: (file: File) => void
}

/** The reference-image picker: images only, checked for type and size before anything is sent. */
function UploadArea({ status, texts, onFile }: UploadPanelProps) {
  const inputId = useId()
  const [problem, setProblem] = useState<string | null>(null)
  const uploading = status === 'uploading'

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    const checked = checkReferenceImage(file)
    setProblem('problem' in checked ? texts.refused[checked.problem] : null)
    if (!('problem' in checked)) onFile(file)
  }

  return (
    <Stack gap="2">
      <chakra.label
        htmlFor={inputId}
        display="block"
        borderWidth="2px"
        borderStyle="dashed"
        borderColor="brand.border"
        borderRadius="xl"
        p="6"
        textAlign="center"
        cursor={uploading ? 'progress' : 'pointer'}
        _focusWithin={{ outline: '2px solid', outlineColor: 'brand.fg' }}
        aria-busy={uploading}
      >
        <Text fontWeight="medium">{uploading ? texts.uploading : texts.prompt}</Text>
        <Text fontSize="sm" color="fg.muted">
          {texts.hint}
        </Text>
        <Box asChild srOnly>
          <input
            id={inputId}
            type="file"
            accept="image/*"
            disabled={uploading}
            onChange={pick}
          />
        </Box>
      </chakra.label>
      {problem && (
        <Text role="alert" color="red.600" fontSize="sm">
          {problem}
        </Text>
      )}
    </Stack>
  )
}

/** The upload area in Chakra's provider of its own: the chat's first screen has no Chakra, which loads with this panel. */
export default function UploadPanel(props: UploadPanelProps) {
  return (
    <Provider>
      <UploadArea {...props} />
    </Provider>
  )
}
