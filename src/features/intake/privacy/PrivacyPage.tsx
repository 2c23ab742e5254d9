import type { ReactNode } from 'react'
import type { ChatLanguage } from '../flow/chat-language'
import { pageHref } from './page-href'
import { privacyPageTexts } from './privacy-page-texts'
import styles from './PrivacyPage.module.css'

interface PrivacyPageProps {
  language: ChatLanguage
  /** The site's header, given the tagline in the page's language. */
  header?: (tagline: string) => ReactNode
}

/** The page's element, whose `lang` tells the script which language privacy.html was prerendered in. */
export const privacyPageId = 'privacy-notice'

/** The full Privacy notice (`/privacy`, `?lang=` for a translation): the flow's texts, plain elements only. */
export function PrivacyPage({ language, header }: PrivacyPageProps) {
  const texts = privacyPageTexts(language)
  return (
    <div id={privacyPageId} className={styles.page} lang={language.code}>
      {header?.(texts.tagline)}
      <main className={styles.body}>
        <h2 className={styles.title}>{texts.title}</h2>
        {texts.sections.map((section) => (
          <section key={section.name} className={styles.section} aria-labelledby={`privacy-${section.name}`}>
            <h3 id={`privacy-${section.name}`} className={styles.heading}>
              {section.heading}
            </h3>
            {section.paragraphs.map((paragraph, index) => (
              <p key={index} className={styles.paragraph}>
                {paragraph}
              </p>
            ))}
            {section.name === 'your_rights' && (
              <a className={styles.link} href={pageHref('/my-data', language)}>
                {texts.myData}
              </a>
            )}
          </section>
        ))}
        <p className={styles.version}>{texts.versionLine}</p>
        <a className={styles.link} href={pageHref('/', language)}>
          {texts.back}
        </a>
      </main>
    </div>
  )
}
