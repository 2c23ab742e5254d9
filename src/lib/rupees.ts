const rupeeFormat = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** Integer paise as rupees with lakh grouping: 3358418 → '₹33,584.18', 1234567890 → '₹1,23,45,678.90'. */
export function formatRupees(paise: number): string {
  const sign = paise < 0 ? '-' : ''
  const absolute = BigInt(Math.abs(paise))
  const rupees = absolute / 100n
  const fraction = (absolute % 100n).toString().padStart(2, '0')
  const whole = rupeeFormat.formatToParts(rupees).filter((part) => part.type === 'integer' || part.type === 'group' || part.type === 'currency')
  return `${sign}${whole.map((part) => part.value).join('')}.${fraction}`
}
