import { createActor } from 'xstate'
import { flowLanguage, shownText, type ChatLanguage } from '../src/features/intake/flow/chat-language.ts'
import { compileFlow } from '../src/features/intake/machine/compile-flow.ts'
import { loadFlowFile, loadTranslations, problemReport } from '../flow-tools/flow-files.ts'

/**
 * The bot messages a flow file's chat shows at once, before any timer: what the first screen carries,
 * in the flow file's language or in that of a translation beside it.
 */
export function firstScreenMessages(flowFile: string, code = flowLanguage.code): string[] {
  const result = loadFlowFile(flowFile)
  if (!result.ok) throw new Error(problemReport(result))
  let language: ChatLanguage = flowLanguage
  if (code !== flowLanguage.code) {
    const translation = loadTranslations(flowFile, result.flow).find((t) => t.ok && t.language === code)
    if (!translation?.ok) throw new Error(`${flowFile} has no checked ${code} translation beside it`)
    language = { code, name: translation.name, texts: translation.byEnglish }
  }
  return createActor(compileFlow(result.flow))
    .getSnapshot()
    .context.transcript.map((message) => shownText(message.text, language))
}
