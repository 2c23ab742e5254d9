import { createActor } from 'xstate'
import { flowLanguage, shownText } from '../src/features/intake/flow/chat-language.ts'
import { compileFlow } from '../src/features/intake/machine/compile-flow.ts'
import { loadFlowFile, problemReport } from './flow-files.ts'

/** The bot messages a flow file's chat shows at once, before any timer: what the first screen carries. */
export function firstScreenMessages(flowFile: string): string[] {
  const result = loadFlowFile(flowFile)
  if (!result.ok) throw new Error(problemReport(result))
  return createActor(compileFlow(result.flow))
    .getSnapshot()
    .context.transcript.map((message) => shownText(message.text, flowLanguage))
}
