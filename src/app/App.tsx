import { lazy, Suspense } from 'react'
import { Provider } from '../components/ui/provider'
import { ErrorBoundary } from './ErrorBoundary'
import { HomePage } from './HomePage'
import { PageSpinner } from './PageSpinner'

const RoutedApp = lazy(() => import('./RoutedApp'))

/**
 * Visitors land on the home page, which needs no router: it renders at once and the router (with
 * the admin area and the not-found page) loads only for other paths, keeping the first screen small.
 */
export function App() {
  return (
    <Provider>
      <ErrorBoundary>
        {window.location.pathname === '/' ? (
          <HomePage />
        ) : (
          <Suspense fallback={<PageSpinner />}>
            <RoutedApp />
          </Suspense>
        )}
      </ErrorBoundary>
    </Provider>
  )
}
