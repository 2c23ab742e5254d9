// privacy.html's own entry: the Privacy notice is all that page starts (index.html's main.tsx routes
// /privacy too, for hosts that serve index.html there). Imported lazily, as main.tsx imports it, so
// the build keeps the page's code in one chunk of its own that the home page never loads.
// A name of its own: like main.tsx, this file is a script, whose top-level names are shared.
const privacyRoot = document.getElementById('root')
if (!privacyRoot) throw new Error('privacy.html has no #root element')

import('./app/start-privacy-page')
  .then(({ startPrivacyPage }) => startPrivacyPage(privacyRoot))
  .catch((error: unknown) => console.error('The page could not start:', error))
