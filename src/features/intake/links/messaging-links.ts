/** WhatsApp chat with the business, with a prefilled text. */
export function whatsappLink(phone: string, text: string): string {
  return `https://wa.me/${phone}?text=${encodeURIComponent(text)}`
}

/** Phone call to the business. */
export function telLink(phone: string): string {
  return `tel:+${phone}`
}
