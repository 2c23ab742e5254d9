const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

const path = window.location.pathname

/**
 * Each kind of page loads only its own code: the home page (whose first screen is already in the
 * HTML) needs no router, the admin area none of the chat.
 */
const started =
  path === '/'
    ? import('./app/start-visitor-page').then(({ startVisitorPage }) => startVisitorPage(root))
    : import('./app/start-routed-pages').then(({ startRoutedPages }) => startRoutedPages(root))

// The admin area's code (and supabase-js) downloads alongside the router's rather than after it.
if (path === '/admin') void import('./app/AdminRoute')

started.catch((error: unknown) => console.error('The page could not start:', error))
