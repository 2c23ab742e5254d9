import { lazy, Suspense } from 'react'
import { Spinner } from '@/components/plain/Spinner'
import { shownText, translate } from '../flow/chat-language'
import { ChatTranscript } from './ChatTranscript'
import styles from './ConsultationChat.module.css'
import { ContactFormPanel } from './ContactFormPanel'
import { bookedCardTexts, chatTexts, editButtonText } from './intake-machine'
import { shownChatTexts, shownFields, shownPrivacy, shownSchedulerTexts, shownUploadTexts } from './shown-texts'
import type { IntakeChat } from './use-intake-chat'

const UploadPanel = lazy(() => import('./UploadPanel'))
const SchedulerPanel = lazy(() => import('./SchedulerPanel'))
const BookedLinks = lazy(() => import('./BookedLinks'))

/** The visitor consultation chat: renders the flow machine's snapshot in the chat's language and sends it the visitor's events. */
export function ConsultationChat({ chat }: { chat: IntakeChat }) {
  const { context, snapshot, send, language } = chat
  const { panel } = context
  const texts = shownChatTexts(chatTexts, language)

  return (
    <div className={styles.chat}>
      <ChatTranscript
        messages={context.transcript}
        typing={context.typing}
        texts={texts}
        canChoose={(stepId, label) => snapshot.can({ type: 'option.choose', stepId, label })}
        onChoose={(stepId, label) => send({ type: 'option.choose', stepId, label })}
        editLabel={(stepId) => (snapshot.can({ type: 'answer.edit', stepId }) ? shownText(editButtonText(stepId), language) : null)}
        onEdit={(stepId) => send({ type: 'answer.edit', stepId })}
      />
      {context.booking && (
        <Suspense>
          <BookedLinks booking={context.booking} texts={shownSchedulerTexts(bookedCardTexts(context), language)} />
        </Suspense>
      )}
      <div>
        <Suspense
          fallback={
            <div className={styles.loading}>
              <Spinner label={texts.loading} />
            </div>
          }
        >
          {panel.kind === 'form' && (
            <ContactFormPanel
              key={panel.stepId}
              label={texts.form_label}
              fields={shownFields(panel.fields, language)}
              submitLabel={translate(language, panel.submitLabel)}
              notice={panel.notice === undefined ? undefined : translate(language, panel.notice)}
              privacy={panel.privacy === undefined ? undefined : shownPrivacy(panel.privacy, language)}
              values={panel.values}
              onSubmit={(values, marketing) => send({ type: 'form.submit', stepId: panel.stepId, values, ...(marketing === undefined ? {} : { marketing }) })}
            />
          )}
          {panel.kind === 'upload' && (
            <UploadPanel
              status={context.uploadStatus}
              texts={shownUploadTexts(panel.texts, language)}
              onFile={(file) => send({ type: 'upload.submit', file })}
            />
          )}
          {panel.kind === 'scheduler' && (
            <SchedulerPanel
              panel={panel}
              texts={shownSchedulerTexts(panel.texts, language)}
              language={language.code}
              leadId={context.leadId}
              onBook={(date, time) => send({ type: 'scheduler.book', date, time })}
              onClose={() => send({ type: 'scheduler.close' })}
            />
          )}
        </Suspense>
      </div>
    </div>
  )
}
