import '@/components/plain/plain-theme.css'
import { ChatLanguageContext } from '@/features/intake/chat/chat-language-context'
import { languageChoices } from '@/features/intake/chat/chat-languages'
import type { ChatStart } from '@/features/intake/chat/chat-start'
import { ConsultationChat } from '@/features/intake/chat/ConsultationChat'
import { chatTexts } from '@/features/intake/chat/intake-machine'
import { LanguageSwitch } from '@/features/intake/chat/LanguageSwitch'
import { useIntakeChat } from '@/features/intake/chat/use-intake-chat'
import { translate } from '@/features/intake/flow/chat-language'
import styles from './HomePage.module.css'
import { SiteHeader } from './SiteHeader'

export function HomePage({ start }: { start: ChatStart }) {
  const chat = useIntakeChat(start)
  const { language } = chat
  return (
    <ChatLanguageContext value={language}>
      <main className={`plain-page ${styles.page}`}>
        <SiteHeader tagline={translate(language, chatTexts.tagline)}>
          <LanguageSwitch
            choices={languageChoices}
            current={language.code}
            label={translate(language, chatTexts.language)}
            switching={chat.switching}
            failedText={translate(language, chatTexts.language_failed)}
            onChoose={chat.chooseLanguage}
          />
        </SiteHeader>
        <ConsultationChat chat={chat} />
      </main>
    </ChatLanguageContext>
  )
}
