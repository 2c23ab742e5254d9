import path from 'node:path'

/** Every path inside a local backend's data folder, named once. */
export interface DataFolder {
  root: string
  /** PGlite's database files. */
  database: string
  /** Uploaded objects, one file per object id. */
  objects: string
  /** Uploads still arriving; renamed into `objects` when complete. */
  uploadsInProgress: string
  /** JWT secret and the anon and service keys (0600). */
  keys: string
  /** The first admin's email and password (0600). */
  adminCredentials: string
  /** The process that has the folder open. */
  lock: string
  /** Where the process that has the folder open answers HTTP (so `npm run backup` can ask it). */
  serverAddress: string
  /** A backup being assembled: the database's dump and hard links to the objects it names. */
  backupStaging: string
}

export function dataFolder(root: string): DataFolder {
  const objects = path.join(root, 'storage')
  return {
    root,
    database: path.join(root, 'pgdata'),
    objects,
    uploadsInProgress: path.join(objects, 'tmp'),
    keys: path.join(root, 'keys.json'),
    adminCredentials: path.join(root, 'admin-credentials.txt'),
    lock: path.join(root, 'backend.lock'),
    serverAddress: path.join(root, 'backend-address.json'),
    backupStaging: path.join(root, 'backup-in-progress'),
  }
}
