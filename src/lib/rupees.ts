import { readDecimal } from './decimal-input'

/**
 * An amount of integer paise as rupees with Indian digit grouping (lakh, crore) and two decimals:
 * 3358418 → '₹33,584.18', 1234567890 → '₹1,23,45,678.90'. BigInt arithmetic only, so no paisa is
 * ever lost to floating point.
 */
export function formatRupees(paise: number, locale = 'en-IN'): string {
  const sign = paise < 0 ? '-' : ''
  const whole = BigInt(Math.abs(Math.trunc(paise)))
  const rupees = new Intl.NumberFormat(locale, { useGrouping: true }).format(whole / 100n)
  return `${sign}₹${rupees}.${(whole % 100n).toString().padStart(2, '0')}`
}

/**
 * Rupees as typed ('25000', '25,000.50', '₹ 1,00,000') in integer paise: the dashboard's one reader of
 * typed rupees, with `readDecimal`'s rules and an optional ₹ in front. Undefined for anything else.
 */
export function parseRupees(typed: string): number | undefined {
  return readDecimal(typed.trim().replace(/^₹/, ''), 2)
}
