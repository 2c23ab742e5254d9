import type { IncomingMessage, ServerResponse } from 'node:http'

/** One of the three APIs behind the router; `path` is what follows its prefix (`/auth/v1`, ...). */
export type ServiceHandler = (req: IncomingMessage, res: ServerResponse, url: URL, path: string) => Promise<void>
