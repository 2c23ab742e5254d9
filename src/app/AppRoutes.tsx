import { Center, Spinner } from '@chakra-ui/react'
import { lazy, Suspense } from 'react'
import { Route, Routes } from 'react-router-dom'
import { ErrorBoundary } from './ErrorBoundary'
import { HomePage } from './HomePage'
import { NotFoundPage } from './NotFoundPage'

const AdminRoute = lazy(() => import('./AdminRoute'))

export function AppRoutes() {
  return (
    <ErrorBoundary>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route
          path="/admin"
          element={
            <Suspense
              fallback={
                <Center minH="100vh">
                  <Spinner size="lg" aria-label="Loading..." />
                </Center>
              }
            >
              <AdminRoute />
            </Suspense>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </ErrorBoundary>
  )
}
