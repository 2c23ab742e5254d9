/**
 * An amount of integer paise as rupees with Indian digit grouping (lakh, crore) and two decimals:
 * 12345678 → '₹1,23,456.78'. Integer arithmetic only, so no paisa is ever lost to floating point.
 */
export function formatRupees(paise: number, locale = 'en-IN'): string {
  const sign = paise < 0 ? '-' : ''
  const whole = Math.abs(Math.trunc(paise))
  const rupees = new Intl.NumberFormat(locale, { useGrouping: true, maximumFractionDigits: 0 }).format(Math.trunc(whole / 100))
  return `${sign}₹${rupees}.${String(whole % 100).padStart(2, '0')}`
}
