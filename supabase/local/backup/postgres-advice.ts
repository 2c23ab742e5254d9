/** With DATABASE_URL, the server's own tools back it up and restore it; the README shows how. */
export const pgDumpAdvice =
  'DATABASE_URL is set: the local backend backs up only its embedded database. Back up a PostgreSQL server with pg_dump, e.g. pg_dump --format=custom --file=backup.dump "$DATABASE_URL" (see the README).'

export const pgRestoreAdvice =
  'DATABASE_URL is set: the local backend restores only its embedded database. Restore a PostgreSQL server with pg_restore, e.g. pg_restore --clean --if-exists --dbname "$DATABASE_URL" backup.dump (see the README).'
