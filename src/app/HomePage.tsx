import '../components/plain/plain-theme.css'
import { ConsultationChat } from '../features/intake/chat/ConsultationChat'
import type { ChatStart } from '../features/intake/chat/chat-start'
import styles from './HomePage.module.css'
import { SiteHeader } from './SiteHeader'

export function HomePage({ start }: { start: ChatStart }) {
  return (
    <main className={`plain-page ${styles.page}`}>
      <SiteHeader />
      <ConsultationChat start={start} />
    </main>
  )
}
