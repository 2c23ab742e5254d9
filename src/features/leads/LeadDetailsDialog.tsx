import { Button, CloseButton, Dialog, Grid, Heading, Link, Portal, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { useBackToClose } from '@/components/ui/use-back-to-close'
import { usePhoneLayout } from '@/components/ui/use-phone-layout'
import { formatDateTime } from '@/lib/format'
import type { Lead } from '@/lib/lead-fields'
import type { LeadsApi } from './api/leads-api'
import { leadConsentSection, leadDetailsSections, leadImagePaths } from './lead-detail-sections'
import { LeadStatusBadge } from './LeadStatusBadge'
import { ReferenceImage } from './ReferenceImage'
import { leadWhatsAppUrl } from './whatsapp-link'

interface LeadDetailsDialogProps {
  lead: Lead | null
  api: Pick<LeadsApi, 'signReferenceImage'>
  onClose: () => void
  /** The team's work on the lead (owner, notes, follow-ups, history), after its details. */
  children?: ReactNode
  /** More buttons in the footer, before Contact via WhatsApp. */
  actions?: ReactNode
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  const phone = usePhoneLayout()
  return (
    <Stack gap="0">
      <Text fontSize={phone ? 'sm' : 'xs'} color="fg.muted">
        {label}
      </Text>
      <Text as="div">{children}</Text>
    </Stack>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="2" as="section">
      <Heading as="h3" size="sm">
        {title}
      </Heading>
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
        {children}
      </Grid>
    </Stack>
  )
}

export function LeadDetailsDialog({ lead, api, onClose, children, actions }: LeadDetailsDialogProps) {
  const imagePaths = lead ? leadImagePaths(lead) : []
  const phone = usePhoneLayout()
  useBackToClose(lead !== null, phone, onClose)
  const buttonSize = phone ? 'lg' : undefined
  return (
    <Dialog.Root open={lead !== null} onOpenChange={(event) => !event.open && onClose()} size={phone ? 'full' : 'lg'} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {lead && (
              <>
                <Dialog.Header>
                  <Stack gap="1">
                    <Dialog.Title>{lead.name}</Dialog.Title>
                    <Dialog.Description>Complete information about this lead</Dialog.Description>
                  </Stack>
                </Dialog.Header>
                {/* Focusable on a phone, where the sheet's body scrolls, so a keyboard can scroll it too. */}
                <Dialog.Body tabIndex={phone ? 0 : undefined}>
                  <Stack gap="5">
                    {leadDetailsSections(lead).map((section) => (
                      <Section key={section.title} title={section.title}>
                        {section.details.map((detail) => (
                          <Detail key={detail.name} label={detail.label}>
                            {detail.value}
                          </Detail>
                        ))}
                      </Section>
                    ))}
                    {imagePaths.length > 0 && (
                      <Stack gap="2" as="section">
                        <Heading as="h3" size="sm">
                          Reference Image
                        </Heading>
                        {imagePaths.map((path) => (
                          <ReferenceImage key={`${lead.id}/${path}`} path={path} leadName={lead.name} api={api} />
                        ))}
                      </Stack>
                    )}
                    <Section title={leadConsentSection(lead).title}>
                      {leadConsentSection(lead).details.map((detail) => (
                        <Detail key={detail.name} label={detail.label}>
                          {detail.value}
                        </Detail>
                      ))}
                    </Section>
                    <Section title="Timeline & Status">
                      <Detail label="Status">
                        <LeadStatusBadge status={lead.status} size={phone ? 'lg' : undefined} />
                      </Detail>
                      <Detail label="Created">{formatDateTime(lead.created_at)}</Detail>
                      <Detail label="Last Updated">{lead.updated_at ? formatDateTime(lead.updated_at) : '-'}</Detail>
                    </Section>
                    {children}
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer flexWrap="wrap">
                  {actions}
                  {/* green.700: white text on the palette's solid green falls short of a 4.5:1 contrast. */}
                  <Button asChild colorPalette="green" bg="green.700" size={buttonSize}>
                    <Link href={leadWhatsAppUrl(lead)} target="_blank" rel="noopener noreferrer">
                      Contact via WhatsApp
                    </Link>
                  </Button>
                  <Button variant="outline" size={buttonSize} onClick={onClose}>
                    Close
                  </Button>
                </Dialog.Footer>
              </>
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size={phone ? 'lg' : 'sm'} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
