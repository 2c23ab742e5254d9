import { Container } from '@chakra-ui/react'
import { SiteHeader } from './SiteHeader'

export function HomePage() {
  return (
    <Container as="main" maxW="3xl" px="4">
      <SiteHeader />
    </Container>
  )
}
