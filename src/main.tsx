const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

const path = window.location.pathname

/**
 * Each kind of page loads only its own code: the home page (whose first screen is already in the
 * HTML) needs no router, the admin area neither the router nor the chat, the visitor's own page for a
 * booking (/booking#<token>) neither, nor the customer's quote (/quote#<token>), the Privacy notice (/privacy) or My data
 * (/my-data); the router serves the not-found page.
 */
const started =
  path === '/'
    ? import('./app/start-visitor-page').then(({ startVisitorPage }) => startVisitorPage(root))
    : /^\/admin\/?$/i.test(path)
      ? import('./app/start-admin-page').then(({ startAdminPage }) => startAdminPage(root))
      : /^\/booking\/?$/i.test(path)
        ? import('./app/start-manage-page').then(({ startManagePage }) => startManagePage(root))
        : /^\/privacy\/?$/i.test(path)
          ? import('./app/start-privacy-page').then(({ startPrivacyPage }) => startPrivacyPage(root))
          : /^\/my-data\/?$/i.test(path)
            ? import('./app/start-my-data-page').then(({ startMyDataPage }) => startMyDataPage(root))
            : /^\/quote\/?$/i.test(path)
              ? import('./app/start-quote-page').then(({ startQuotePage }) => startQuotePage(root))
              : import('./app/start-routed-pages').then(({ startRoutedPages }) => startRoutedPages(root))

started.catch((error: unknown) => console.error('The page could not start:', error))
