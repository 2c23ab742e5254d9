import { BrowserRouter } from 'react-router-dom'
import { Provider } from '@/components/ui/provider'
import { AppRoutes } from './AppRoutes'
import { ErrorBoundary } from './ErrorBoundary'

/** Every path but the home page's first load and the admin area: the not-found page, with the router (its link leads home). */
export function RoutedApp() {
  return (
    <Provider>
      <ErrorBoundary>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </ErrorBoundary>
    </Provider>
  )
}
