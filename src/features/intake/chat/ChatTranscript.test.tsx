// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { answerUntil, startChat, transcriptOf, typedValues, waitingAt } from '@/testing/intake/chat-driver'
import { consultationFlow } from '@/testing/intake/consultation-flow'
import { inHindi } from '@/testing/intake/test-languages'
import { flowLanguage, type ChatLanguage } from '../flow/chat-language'
import { renderTemplate } from '../flow/placeholders'
import type { ChatMessage } from '../machine/intake-types'
import { ChatLanguageContext } from './chat-language-context'
import { loadLanguage } from './chat-languages'
import { ChatTranscript } from './ChatTranscript'
import { chatTexts } from './intake-machine'

afterEach(cleanup)

const hindiFlow = inHindi(consultationFlow).flow
const stepOf = (flow: typeof consultationFlow, id: string) => flow.steps.find((step) => step.id === id)
const firstSaid = (flow: typeof consultationFlow, id: string) => {
  const said = (stepOf(flow, id) as { say?: (string | { text: string })[] } | undefined)?.say?.[0]
  return typeof said === 'string' ? said : (said?.text ?? '')
}
const optionIn = (flow: typeof consultationFlow, id: string, index: number) => {
  const step = stepOf(flow, id)
  const option = step?.type === 'options' ? step.options[index] : undefined
  return typeof option === 'string' ? option : (option?.label ?? '')
}

let hindi: ChatLanguage
let messages: ChatMessage[]

beforeAll(async () => {
  hindi = await loadLanguage('hi')
  // A real chat up to the product question: the welcome, the name form's answer, the occasion chosen.
  vi.useFakeTimers()
  const chat = startChat(consultationFlow)
  await answerUntil(chat, waitingAt('product_type'))
  messages = transcriptOf(chat)
  vi.useRealTimers()
})

function renderIn(language: ChatLanguage, onChoose = vi.fn()) {
  const transcript = (lang: ChatLanguage) => (
    <ChatLanguageContext value={lang}>
      <ChatTranscript messages={messages} typing={false} texts={chatTexts} canChoose={() => true} onChoose={onChoose} editLabel={() => null} onEdit={() => {}} />
    </ChatLanguageContext>
  )
  const view = render(transcript(language))
  return { onChoose, switchTo: (lang: ChatLanguage) => view.rerender(transcript(lang)) }
}

describe('the conversation in the chat language', () => {
  it('shows every message, answer and option of the chat in Hindi, and sends the English option when a Hindi one is chosen', async () => {
    const { onChoose } = renderIn(hindi)
    const log = screen.getByRole('log')
    expect(log.textContent).toContain(firstSaid(hindiFlow, 'welcome'))
    expect(log.textContent).toContain(firstSaid(hindiFlow, 'occasion'))
    expect(log.textContent).toContain(`✓ ${optionIn(hindiFlow, 'occasion', 0)}`)
    expect(log.textContent).not.toContain(firstSaid(consultationFlow, 'welcome'))
    const nameForm = stepOf(hindiFlow, 'name_form')
    const echo = nameForm?.type === 'form' ? nameForm.echo : undefined
    expect(log.textContent).toContain(renderTemplate(echo ?? '', { name: typedValues.name?.trim(), phone: typedValues.phone }))

    await userEvent.click(within(log).getByRole('button', { name: optionIn(hindiFlow, 'product_type', 1) }))
    expect(onChoose).toHaveBeenCalledWith('product_type', optionIn(consultationFlow, 'product_type', 1))
  })

  it('shows the whole conversation again, past messages included, when the language changes', () => {
    const { switchTo } = renderIn(hindi)
    switchTo(flowLanguage)
    const log = screen.getByRole('log')
    expect(log.textContent).toContain(firstSaid(consultationFlow, 'welcome'))
    expect(log.textContent).toContain(`✓ ${optionIn(consultationFlow, 'occasion', 0)}`)
    expect(log.textContent).not.toContain(firstSaid(hindiFlow, 'welcome'))
    switchTo(hindi)
    expect(screen.getByRole('log').textContent).toContain(firstSaid(hindiFlow, 'welcome'))
  })
})
