import type { ChatLanguage } from '@/features/intake/flow/chat-language'
import { PrivacyPage } from '@/features/intake/privacy/PrivacyPage'
import { ErrorBoundary } from './ErrorBoundary'
import { SiteHeader } from './SiteHeader'

/** The Privacy notice page with the site's header, as the build prerenders it and the browser hydrates it. */
export function PrivacyApp({ language }: { language: ChatLanguage }) {
  return (
    <ErrorBoundary>
      <PrivacyPage language={language} header={(tagline) => <SiteHeader tagline={tagline} />} />
    </ErrorBoundary>
  )
}
