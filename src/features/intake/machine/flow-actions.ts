import type { CheckedFlow, FlowAction } from '../flow/flow.schema'
import type { MessagingLink } from '../links/messaging-links'
import { flowText, render } from './context-updates'
import type { IntakeContext } from './intake-types'
import { openScheduler } from './scheduler-panel'

function messagingLink(flow: CheckedFlow, name: string, context: IntakeContext): MessagingLink | null {
  const link = flow.links?.[name]
  if (!link) return null
  return 'whatsapp' in link ? { whatsapp: flowText(flow, link.whatsapp, context) } : { tel: true }
}

/** The `do` actions of the flow file as XState actions: the named ones the screen provides, and the scheduler panel. */
export function flowActions(flow: CheckedFlow) {
  return (action: FlowAction): unknown[] => {
    switch (action.action) {
      case 'open_link':
        return [{ type: 'openLink', params: ({ context }: { context: IntakeContext }) => ({ link: messagingLink(flow, action.link, context) }) }]
      case 'track':
        return [
          {
            type: 'trackPixel',
            params: ({ context }: { context: IntakeContext }) => ({
              event: action.event,
              params: Object.fromEntries(Object.entries(action.params ?? {}).map(([key, value]) => [key, render(value, context)])),
            }),
          },
        ]
      case 'open_scheduler':
        return [openScheduler(flow)]
    }
  }
}
