import { Button, HStack, Input, Link, Stack, Text } from '@chakra-ui/react'
import { toaster } from '@/components/ui/toaster'
import { quoteTexts } from './quote-texts'

interface SharedQuoteLinkProps {
  link: string
  whatsAppUrl: string | null
}

/** The link of a version just shared, shown once: Copy, and WhatsApp with the prefilled message. */
export function SharedQuoteLink({ link, whatsAppUrl }: SharedQuoteLinkProps) {
  const copy = async () => {
    await navigator.clipboard.writeText(link)
    toaster.create({ title: quoteTexts.copied, type: 'success' })
  }
  return (
    <Stack gap="2" borderWidth="1px" borderColor="blue.solid" rounded="md" p="3" role="region" aria-label={quoteTexts.linkTitle}>
      <Text fontWeight="medium">{quoteTexts.linkTitle}</Text>
      <Input readOnly value={link} aria-label={quoteTexts.linkTitle} onFocus={(event) => event.target.select()} />
      <HStack>
        <Button size="sm" onClick={() => void copy()}>
          {quoteTexts.copy}
        </Button>
        {whatsAppUrl && (
          <Button asChild size="sm" colorPalette="green">
            <Link href={whatsAppUrl} target="_blank" rel="noopener noreferrer">
              {quoteTexts.sendWhatsApp}
            </Link>
          </Button>
        )}
      </HStack>
    </Stack>
  )
}
