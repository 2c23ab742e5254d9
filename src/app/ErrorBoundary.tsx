import { Box } from '@chakra-ui/react/box'
import { Button } from '@chakra-ui/react/button'
import { Heading } from '@chakra-ui/react/heading'
import { VStack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { Component, type ErrorInfo, type ReactNode } from 'react'

interface State {
  failed: boolean
}

/** Shown when a screen throws (a lazy chunk that fails to load included): a way out instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false }

  static getDerivedStateFromError(): State {
    return { failed: true }
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unhandled error while rendering a screen:', error, info.componentStack)
  }

  render() {
    if (!this.state.failed) return this.props.children
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
}
