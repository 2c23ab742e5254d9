import { ChakraProvider } from '@chakra-ui/react'
import { adminSystem } from '../components/ui/admin-system'
import { Toaster } from '../components/ui/toaster'
import { AdminPage } from './AdminPage'

/** The admin area with its own Chakra system and the toaster, both kept out of the visitor bundle. */
export default function AdminRoute() {
  return (
    <ChakraProvider value={adminSystem}>
      <AdminPage />
      <Toaster />
    </ChakraProvider>
  )
}
