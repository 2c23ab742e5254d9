import type { ButtonHTMLAttributes } from 'react'
import styles from './Button.module.css'

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'solid' | 'outline' | 'ghost'
  size?: 'sm' | 'md'
}

/** A button in the brand's colours, without Chakra: the visitor's first screen loads no Chakra. */
export function Button({ variant = 'solid', size = 'md', className, ...props }: ButtonProps) {
  const classes = [styles.button, styles[variant], size === 'sm' && styles.small, className].filter(Boolean).join(' ')
  return <button type="button" className={classes} {...props} />
}
