import { Box, Button, Heading, Text, VStack } from '@chakra-ui/react'
import { useEffect } from 'react'
import { useRouteError } from 'react-router-dom'

/** Shown when a screen throws: the visitor gets a way out instead of a blank page. */
export function RouteErrorPage() {
  const error = useRouteError()

  useEffect(() => {
    console.error('Unhandled error while rendering a route:', error)
  }, [error])

  return (
    <Box as="main" minH="100vh" display="flex" alignItems="center" justifyContent="center" p="6">
      <VStack gap="4" textAlign="center">
        <Heading as="h1">Something went wrong</Heading>
        <Text color="fg.muted">Please reload the page. If it keeps happening, contact us directly.</Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </VStack>
    </Box>
  )
}
