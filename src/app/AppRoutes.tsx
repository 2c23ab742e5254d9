import { lazy, Suspense, type ReactNode } from 'react'
import { Route, Routes } from 'react-router-dom'
import { PageSpinner } from './PageSpinner'
import { NotFoundPage } from './NotFoundPage'

const LinkedHomePage = lazy(() => import('./LinkedHomePage'))
const AdminRoute = lazy(() => import('./AdminRoute'))

const loading = (page: ReactNode) => <Suspense fallback={<PageSpinner />}>{page}</Suspense>

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={loading(<LinkedHomePage />)} />
      <Route path="/admin" element={loading(<AdminRoute />)} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  )
}
