import { Button, HStack, Input, Link, Stack, Text } from '@chakra-ui/react'
import { toaster } from '@/components/ui/toaster'
import { quoteTexts } from './quote-texts'

interface SharedQuoteLinkProps {
  link: string
  whatsAppUrl: string | null
  touch: boolean
}

/** The link of a version just shared, shown once: Copy, and WhatsApp with the prefilled message. */
export function SharedQuoteLink({ link, whatsAppUrl, touch }: SharedQuoteLinkProps) {
  const size = touch ? 'lg' : 'sm'
  const copy = async () => {
    await navigator.clipboard.writeText(link)
    toaster.create({ title: quoteTexts.copied, type: 'success' })
  }
  return (
    <Stack gap="2" borderWidth="1px" borderColor="blue.solid" rounded="md" p="3" role="region" aria-label={quoteTexts.linkTitle}>
      <Text fontWeight="medium">{quoteTexts.linkTitle}</Text>
      <Input size={size} readOnly value={link} aria-label={quoteTexts.linkTitle} onFocus={(event) => event.target.select()} />
      <HStack>
        <Button size={size} onClick={() => void copy()}>
          {quoteTexts.copy}
        </Button>
        {whatsAppUrl && (
          <Button asChild size={size} colorPalette="green">
            <Link href={whatsAppUrl} target="_blank" rel="noopener noreferrer">
              {quoteTexts.sendWhatsApp}
            </Link>
          </Button>
        )}
      </HStack>
    </Stack>
  )
}
