import { lazy, Suspense } from 'react'
import { Route, Routes } from 'react-router-dom'
import { HomePage } from './HomePage'
import { PageSpinner } from './PageSpinner'
import { NotFoundPage } from './NotFoundPage'

const AdminRoute = lazy(() => import('./AdminRoute'))

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route
        path="/admin"
        element={
          <Suspense fallback={<PageSpinner />}>
            <AdminRoute />
          </Suspense>
        }
      />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  )
}
