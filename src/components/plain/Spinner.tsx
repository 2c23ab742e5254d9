import styles from './Spinner.module.css'

/** A turning ring without Chakra; with a label it is announced as a status, without one it is decoration. */
export function Spinner({ size = 'md', label }: { size?: 'sm' | 'md'; label?: string }) {
  const className = size === 'sm' ? `${styles.spinner} ${styles.small}` : styles.spinner
  return label ? <span className={className} role="status" aria-label={label} /> : <span className={className} aria-hidden="true" />
}
