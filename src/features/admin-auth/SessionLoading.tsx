import page from './page.module.css'

/** While the stored session is checked, and while the dashboard's code arrives. */
export function SessionLoading() {
  return (
    <main className={page.page}>
      <div className={page.loading} role="status">
        <span className={page.spinner} aria-hidden="true" />
        Loading...
      </div>
    </main>
  )
}
