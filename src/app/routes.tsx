import type { RouteObject } from 'react-router-dom'
import { HomePage } from './HomePage'
import { NotFoundPage } from './NotFoundPage'

export const routes: RouteObject[] = [
  { path: '/', element: <HomePage /> },
  { path: '/admin', lazy: async () => ({ Component: (await import('./AdminPage')).AdminPage }) },
  { path: '*', element: <NotFoundPage /> },
]
