import { createBrowserRouter } from 'react-router-dom'
import { RouteErrorPage } from './RouteErrorPage'
import { routes } from './routes'

export const router = createBrowserRouter(
  routes.map((route) => ({ ...route, errorElement: <RouteErrorPage /> })),
)
