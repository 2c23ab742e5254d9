import { Box, Button, Card, Field, Heading, IconButton, Input, InputGroup, Stack, Text } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import { toaster } from '../../components/ui/toaster'
import { brand } from '../../lib/brand'
import type { AdminUser, AuthApi } from './api/auth-api'

interface SignInScreenProps {
  auth: Pick<AuthApi, 'signIn'>
  /** The session listener shows the dashboard; this only hears who signed in. */
  onSignedIn?: (user: AdminUser) => void
}

export function SignInScreen({ auth, onSignedIn }: SignInScreenProps) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [passwordVisible, setPasswordVisible] = useState(false)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    try {
      const user = await auth.signIn(email, password)
      toaster.create({ title: 'Success!', description: 'Welcome to the admin panel.', type: 'success' })
      onSignedIn?.(user)
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'Failed to sign in'
      toaster.create({ title: 'Error', description: message, type: 'error' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Box as="main" minH="100vh" display="flex" alignItems="center" justifyContent="center" p="4" bg="bg.subtle">
      <Card.Root as="form" onSubmit={submit} w="full" maxW="md">
        <Card.Header textAlign="center">
          <Heading as="h1" size="2xl">
            {brand.name} AI Admin
          </Heading>
          <Text color="fg.muted">Access your jewelry consultation dashboard</Text>
        </Card.Header>
        <Card.Body>
          <Stack gap="4">
            <Field.Root required>
              <Field.Label>Email</Field.Label>
              <Input type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
            </Field.Root>
            <Field.Root required>
              <Field.Label>Password</Field.Label>
              <InputGroup
                endElement={
                  <IconButton
                    variant="ghost"
                    size="xs"
                    aria-label={passwordVisible ? 'Hide password' : 'Show password'}
                    onClick={() => setPasswordVisible((visible) => !visible)}
                  >
                    {passwordVisible ? 'Hide' : 'Show'}
                  </IconButton>
                }
              >
                <Input
                  type={passwordVisible ? 'text' : 'password'}
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              </InputGroup>
            </Field.Root>
            <Button type="submit" colorPalette="yellow" disabled={busy}>
              {busy ? 'Signing in...' : 'Sign In'}
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Box>
  )
}
