const indiaCountryCode = '91'

/** A WhatsApp chat with a number (country code and number, digits only), the message prefilled. */
export function whatsAppUrl(phone: string, message: string): string {
  return `https://wa.me/${phone}?text=${encodeURIComponent(message)}`
}

/** A WhatsApp chat with an Indian 10-digit phone number, as leads and chats store it. */
export function indianWhatsAppUrl(phone: string, message: string): string {
  return whatsAppUrl(`${indiaCountryCode}${phone}`, message)
}
