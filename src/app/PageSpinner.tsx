import { Center } from '@chakra-ui/react/center'
import { Spinner } from '@chakra-ui/react/spinner'

/** Shown while a lazily loaded screen arrives. */
export function PageSpinner() {
  return (
    <Center minH="100vh">
      <Spinner size="lg" aria-label="Loading..." />
    </Center>
  )
}
