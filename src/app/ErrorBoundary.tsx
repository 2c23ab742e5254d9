import { Component, type ErrorInfo, type ReactNode } from 'react'
import '@/components/plain/plain-theme.css'
import { Button } from '@/components/plain/Button'
import styles from './ErrorBoundary.module.css'

interface State {
  failed: boolean
}

/** Shown when a screen throws (a lazy chunk that fails to load included): a way out instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false }

  static getDerivedStateFromError(): State {
    return { failed: true }
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unhandled error while rendering a screen:', error, info.componentStack)
  }

  render() {
    if (!this.state.failed) return this.props.children
    return (
      <main className={`plain-page ${styles.screen}`}>
        <h1 className={styles.title}>Something went wrong</h1>
        <p className={styles.text}>Please reload the page. If it keeps happening, contact us directly.</p>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </main>
    )
  }
}
