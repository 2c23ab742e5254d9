import type { CheckedFlow, FlowAction } from '../flow/flow.schema'
import { telLink, whatsappLink } from '../links/messaging-links'
import { render } from './context-updates'
import type { IntakeContext } from './intake-types'
import { openScheduler } from './scheduler-panel'

function linkUrl(flow: CheckedFlow, name: string, context: IntakeContext): string {
  const link = flow.links?.[name]
  if (!link) return ''
  return 'whatsapp' in link ? whatsappLink(flow.business.phone, render(link.whatsapp, context)) : telLink(flow.business.phone)
}

/** The `do` actions of the flow file as XState actions: the named ones the screen provides, and the scheduler panel. */
export function flowActions(flow: CheckedFlow) {
  return (action: FlowAction): unknown[] => {
    switch (action.action) {
      case 'open_link':
        return [{ type: 'openLink', params: ({ context }: { context: IntakeContext }) => ({ url: linkUrl(flow, action.link, context) }) }]
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
