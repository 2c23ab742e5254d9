import { Container } from '@chakra-ui/react/container'
import { ConsultationChat } from '../features/intake/chat/ConsultationChat'
import { SiteHeader } from './SiteHeader'

export function HomePage() {
  return (
    <Container as="main" maxW="3xl" px={{ base: '3', md: '4' }} pb="8">
      <SiteHeader />
      <ConsultationChat />
    </Container>
  )
}
