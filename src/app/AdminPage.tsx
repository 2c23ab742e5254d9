import { Container, Heading } from '@chakra-ui/react'
import { brand } from '../lib/brand'

export function AdminPage() {
  return (
    <Container as="main" maxW="7xl" px="4" py="6">
      <Heading as="h1">{brand.name} AI Admin</Heading>
    </Container>
  )
}
