declare module 'virtual:consultation-facts' {
  /** The business's WhatsApp and phone number: country code and number, digits only. */
  export const businessPhone: string
  /** The occasion options of the flow, in its order, without Skip options. */
  export const occasionOptions: readonly string[]
}
