import { Box, Heading, Link, Text, VStack } from '@chakra-ui/react'
import { useEffect } from 'react'
import { Link as RouterLink, useLocation } from 'react-router-dom'

export function NotFoundPage() {
  const location = useLocation()

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname)
  }, [location.pathname])

  return (
    <Box as="main" minH="100vh" display="flex" alignItems="center" justifyContent="center" p="6">
      <VStack gap="4" textAlign="center">
        <Heading as="h1" size="4xl">
          404
        </Heading>
        <Text fontSize="xl" color="fg.muted">
          Oops! Page not found
        </Text>
        <Link asChild color="blue.600" textDecoration="underline">
          <RouterLink to="/">Return to Home</RouterLink>
        </Link>
      </VStack>
    </Box>
  )
}
