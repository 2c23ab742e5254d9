import { useId, useState, type FormEvent } from 'react'
import { brand } from '@/lib/brand'
import type { Credentials } from './admin-session.machine'
import page from './page.module.css'
import styles from './SignInScreen.module.css'

interface SignInScreenProps {
  /** While the sign-in is under way: the button says so and cannot be pressed again. */
  busy: boolean
  onSubmit: (credentials: Credentials) => void
  /** The admin has started on the form: what a sign-in needs can load while they type. */
  onStart: () => void
}

/** The sign-in form, in plain elements and a CSS module: it is the first thing /admin paints, before any of Chakra loads. */
export function SignInScreen({ busy, onSubmit, onStart }: SignInScreenProps) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [passwordVisible, setPasswordVisible] = useState(false)
  const id = useId()

  function submit(event: FormEvent) {
    event.preventDefault()
    onSubmit({ email, password })
  }

  return (
    <main className={page.page}>
      <form className={styles.card} onSubmit={submit} onFocus={onStart}>
        <header className={styles.header}>
          <h1 className={styles.title}>{brand.name} AI Admin</h1>
          <p className={styles.subtitle}>Access your jewelry consultation dashboard</p>
        </header>
        <div className={styles.fields}>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-email`}>
              Email
            </label>
            <input
              id={`${id}-email`}
              className={styles.input}
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-password`}>
              Password
            </label>
            <div className={styles.passwordGroup}>
              <input
                id={`${id}-password`}
                className={styles.input}
                type={passwordVisible ? 'text' : 'password'}
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <button
                type="button"
                className={styles.toggle}
                aria-label={passwordVisible ? 'Hide password' : 'Show password'}
                onClick={() => setPasswordVisible((visible) => !visible)}
              >
                {passwordVisible ? 'Hide' : 'Show'}
              </button>
            </div>
          </div>
          <button type="submit" className={styles.submit} disabled={busy}>
            {busy ? 'Signing in...' : 'Sign In'}
          </button>
        </div>
      </form>
    </main>
  )
}
