import { ChakraProvider } from '@chakra-ui/react/styled-system'
import type { ReactNode } from 'react'
import { visitorSystem } from './system'

export function Provider({ children }: { children: ReactNode }) {
  return <ChakraProvider value={visitorSystem()}>{children}</ChakraProvider>
}
