import { lazy, Suspense, type ReactNode } from 'react'
import { Route, Routes } from 'react-router-dom'
import { PageSpinner } from './PageSpinner'
import { NotFoundPage } from './NotFoundPage'

const LinkedHomePage = lazy(() => import('./LinkedHomePage'))

const loading = (page: ReactNode) => <Suspense fallback={<PageSpinner />}>{page}</Suspense>

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={loading(<LinkedHomePage />)} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  )
}
