import { Button } from '@/components/plain/Button'
import { brand } from '@/lib/brand'
import { whatsAppUrl } from '@/lib/whatsapp-url'
import type { Booking } from '../machine/intake-types'
import styles from './BookedLinks.module.css'

export interface BookedLinksTexts {
  manage: string
  add_to_calendar: string
  calendar_title: string
  calendar_details: string
  send_whatsapp: string
  whatsapp_booked: string
}

interface BookedLinksProps {
  booking: Booking
  /** The scheduler card's texts in the visitor's language, with the booked slot and manage link. */
  texts: BookedLinksTexts
}

/** What the chat offers once booked: the visitor's own page for the booking, the calendar file and the booking on WhatsApp. */
export default function BookedLinks({ booking, texts }: BookedLinksProps) {
  const addToCalendar = async () => {
    const { downloadBookingCalendar } = await import('./calendar-download')
    downloadBookingCalendar(booking, { title: texts.calendar_title, details: texts.calendar_details })
  }
  return (
    <div className={styles.links}>
      <Button variant="outline" size="sm" onClick={() => void addToCalendar()}>
        {texts.add_to_calendar}
      </Button>
      <a className={styles.link} href={booking.manageLink}>
        {texts.manage}
      </a>
      <a className={styles.link} href={whatsAppUrl(brand.whatsapp, texts.whatsapp_booked)} target="_blank" rel="noopener noreferrer">
        {texts.send_whatsapp}
      </a>
    </div>
  )
}
