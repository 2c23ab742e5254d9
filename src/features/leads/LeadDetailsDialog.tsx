import { Button, CloseButton, Dialog, Grid, Heading, Image, Link, Portal, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { formatDateTime } from '../../lib/format'
import type { Lead } from './lead.schema'
import { LeadStatusBadge } from './LeadStatusBadge'
import { leadWhatsAppUrl } from './whatsapp-link'

interface LeadDetailsDialogProps {
  lead: Lead | null
  referenceImageUrl: (path: string) => string
  onClose: () => void
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="0">
      <Text fontSize="xs" color="fg.muted">
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

export function LeadDetailsDialog({ lead, referenceImageUrl, onClose }: LeadDetailsDialogProps) {
  const hasTechnical = lead && [lead.stone_type, lead.diamond_shape, lead.metal_choice, lead.gold_carat].some(Boolean)
  const imageUrl = lead?.reference_image ? referenceImageUrl(lead.reference_image) : null
  return (
    <Dialog.Root open={lead !== null} onOpenChange={(event) => !event.open && onClose()} size="lg" scrollBehavior="inside">
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
                <Dialog.Body>
                  <Stack gap="5">
                    <Section title="Customer Information">
                      <Detail label="Name">{lead.name}</Detail>
                      <Detail label="Phone">{lead.phone}</Detail>
                      <Detail label="Email">{lead.email || '-'}</Detail>
                      <Detail label="City">{lead.city || '-'}</Detail>
                    </Section>
                    <Section title="Jewelry Requirements">
                      <Detail label="Occasion">{lead.occasion}</Detail>
                      <Detail label="Product Type">{lead.product_type}</Detail>
                      <Detail label="Design Preference">{lead.design_preference}</Detail>
                      <Detail label="Budget Range">{lead.budget_range}</Detail>
                      <Detail label="Timeline">{lead.timeline}</Detail>
                    </Section>
                    {hasTechnical && (
                      <Section title="Technical Specifications">
                        {lead.metal_choice && <Detail label="Metal">{lead.metal_choice}</Detail>}
                        {lead.gold_carat && <Detail label="Gold Carat">{lead.gold_carat}</Detail>}
                        {lead.stone_type && <Detail label="Stone Type">{lead.stone_type}</Detail>}
                        {lead.diamond_shape && <Detail label="Diamond Shape">{lead.diamond_shape}</Detail>}
                      </Section>
                    )}
                    {imageUrl && (
                      <Stack gap="2" as="section">
                        <Heading as="h3" size="sm">
                          Reference Image
                        </Heading>
                        <Link href={imageUrl} target="_blank" rel="noopener noreferrer" aria-label="Open reference image">
                          <Image src={imageUrl} alt={`Reference for ${lead.name}`} maxH="60" rounded="md" />
                        </Link>
                      </Stack>
                    )}
                    <Section title="Timeline & Status">
                      <Detail label="Status">
                        <LeadStatusBadge status={lead.status} />
                      </Detail>
                      <Detail label="Created">{formatDateTime(lead.created_at)}</Detail>
                      <Detail label="Last Updated">{lead.updated_at ? formatDateTime(lead.updated_at) : '-'}</Detail>
                    </Section>
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button asChild colorPalette="green">
                    <Link href={leadWhatsAppUrl(lead)} target="_blank" rel="noopener noreferrer">
                      Contact via WhatsApp
                    </Link>
                  </Button>
                  <Button variant="outline" onClick={onClose}>
                    Close
                  </Button>
                </Dialog.Footer>
              </>
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
