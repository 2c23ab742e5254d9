import type { ReactNode } from 'react'
import { brand } from '@/lib/brand'
import styles from './SiteHeader.module.css'

/** The brand, the tagline in the chat's language, and `children` (the language switch) at the end. */
export function SiteHeader({ tagline, children }: { tagline: string; children?: ReactNode }) {
  return (
    <header className={styles.header}>
      <img src={brand.logo} alt={`${brand.name} logo`} className={styles.logo} />
      <div>
        <h1 className={styles.title}>{brand.title}</h1>
        <p className={styles.tagline}>{tagline}</p>
      </div>
      {children}
    </header>
  )
}
