import { Button, HStack, Link } from '@chakra-ui/react'

interface CardActionsProps {
  /** The card's own action ('View', 'Manage'). */
  label: string
  onClick: () => void
  /** The wa.me link that opens a chat with the customer. */
  whatsAppUrl: string
  /** Hears the WhatsApp link opened. */
  onWhatsApp?: () => void
}

/** A phone card's two actions side by side at its foot, in thumb reach: its own and WhatsApp. */
export function CardActions({ label, onClick, whatsAppUrl, onWhatsApp }: CardActionsProps) {
  return (
    <HStack gap="2">
      <Button flex="1" size="lg" variant="outline" onClick={onClick}>
        {label}
      </Button>
      <Button asChild flex="1" size="lg" colorPalette="green" variant="outline">
        <Link href={whatsAppUrl} target="_blank" rel="noopener noreferrer" onClick={onWhatsApp}>
          WhatsApp
        </Link>
      </Button>
    </HStack>
  )
}
