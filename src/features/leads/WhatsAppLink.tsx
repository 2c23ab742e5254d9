import { Button, Link, type ButtonProps } from '@chakra-ui/react'
import { useMachine } from '@xstate/react'
import { useMemo } from 'react'
import { fromPromise } from 'xstate'
import type { Lead } from '@/lib/lead-fields'
import type { LeadsApi } from './api/leads-api'
import { leadWhatsAppUrl } from './whatsapp-link'
import { whatsAppRecordMachine } from './whatsapp-record.machine'

export type WhatsAppRecordApi = Pick<LeadsApi, 'recordWhatsAppOpened'>

/** A click on a lead's WhatsApp link: the chat opens in a new tab and the lead's history records it. */
export function useWhatsAppRecord(leadId: string, api: WhatsAppRecordApi): () => void {
  const machine = useMemo(
    () =>
      whatsAppRecordMachine.provide({
        actors: { recordOpened: fromPromise<void, string>(({ input }) => api.recordWhatsAppOpened(input)) },
        actions: { notifyRecordFailed: (_, error) => console.error('Opening WhatsApp was not recorded:', error) },
      }),
    [api],
  )
  const [, send] = useMachine(machine, { input: { leadId } })
  return () => send({ type: 'whatsapp.opened' })
}

interface WhatsAppLinkProps extends Omit<ButtonProps, 'asChild' | 'children'> {
  lead: Lead
  api: WhatsAppRecordApi
  label?: string
}

/** The lead's WhatsApp chat as a button-styled link, recorded in the lead's history when opened. */
export function WhatsAppLink({ lead, api, label = 'WhatsApp', ...button }: WhatsAppLinkProps) {
  const opened = useWhatsAppRecord(lead.id, api)
  return (
    <Button asChild colorPalette="green" variant="outline" {...button}>
      <Link href={leadWhatsAppUrl(lead)} target="_blank" rel="noopener noreferrer" onClick={opened}>
        {label}
      </Link>
    </Button>
  )
}
