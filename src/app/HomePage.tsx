import { Container } from '@chakra-ui/react/container'
import { ConsultationChat } from '../features/intake/chat/ConsultationChat'
import type { ChatStart } from '../features/intake/chat/chat-start'
import { SiteHeader } from './SiteHeader'

export function HomePage({ start }: { start: ChatStart }) {
  return (
    <Container as="main" maxW="3xl" px={{ base: '3', md: '4' }} pb="8">
      <SiteHeader />
      <ConsultationChat start={start} />
    </Container>
  )
}
