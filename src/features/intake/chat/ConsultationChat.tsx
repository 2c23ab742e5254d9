import { lazy, Suspense } from 'react'
import { Spinner } from '../../../components/plain/Spinner'
import type { ChatStart } from './chat-start'
import { ChatTranscript } from './ChatTranscript'
import styles from './ConsultationChat.module.css'
import { ContactFormPanel } from './ContactFormPanel'
import { chatTexts, editButtonText } from './intake-machine'
import { useIntakeChat } from './use-intake-chat'

const UploadPanel = lazy(() => import('./UploadPanel'))
const SchedulerPanel = lazy(() => import('./SchedulerPanel'))

/** The visitor consultation chat: renders the flow machine's snapshot and sends it the visitor's events. */
export function ConsultationChat({ start }: { start: ChatStart }) {
  const { context, snapshot, send } = useIntakeChat(start)
  const { panel } = context

  return (
    <div className={styles.chat}>
      <ChatTranscript
        messages={context.transcript}
        typing={context.typing}
        texts={chatTexts}
        canChoose={(stepId, label) => snapshot.can({ type: 'option.choose', stepId, label })}
        onChoose={(stepId, label) => send({ type: 'option.choose', stepId, label })}
        editLabel={(stepId) => (snapshot.can({ type: 'answer.edit', stepId }) ? editButtonText(stepId) : null)}
        onEdit={(stepId) => send({ type: 'answer.edit', stepId })}
      />
      <div>
        <Suspense
          fallback={
            <div className={styles.loading}>
              <Spinner label={chatTexts.loading} />
            </div>
          }
        >
          {panel.kind === 'form' && (
            <ContactFormPanel
              key={panel.stepId}
              label={chatTexts.form_label}
              fields={panel.fields}
              submitLabel={panel.submitLabel}
              notice={panel.notice}
              values={panel.values}
              onSubmit={(values) => send({ type: 'form.submit', stepId: panel.stepId, values })}
            />
          )}
          {panel.kind === 'upload' && (
            <UploadPanel
              status={context.uploadStatus}
              texts={panel.texts}
              onFile={(file) => send({ type: 'upload.submit', file })}
            />
          )}
          {panel.kind === 'scheduler' && (
            <SchedulerPanel
              panel={panel}
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
