import { brand } from '../lib/brand'
import styles from './SiteHeader.module.css'

export function SiteHeader() {
  return (
    <header className={styles.header}>
      <img src="/logo.svg" alt={`${brand.name} logo`} className={styles.logo} />
      <div>
        <h1 className={styles.title}>{brand.title}</h1>
        <p className={styles.tagline}>{brand.tagline}</p>
      </div>
    </header>
  )
}
