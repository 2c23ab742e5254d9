import type { HeldDataAnswer } from '@/features/my-data/api/held-data-api'
import type { ErasureRequest } from '@/features/my-data/api/my-data-rights-api'
import type { MyDataSession } from '@/features/my-data/api/my-data-session-api'
import { downloadFile } from '@/lib/download-file'
import { istDateKey } from '@/lib/dayjs'

/** The My data page's I/O: the database's six calls, the images' signing and the download. */
export interface MyDataActors {
  requestCode: (phone: string) => Promise<void>
  openWithCode: (phone: string, code: string) => Promise<MyDataSession>
  openWithLink: (manageToken: string) => Promise<MyDataSession>
  fetchHeldData: (token: string) => Promise<HeldDataAnswer>
  signImages: (token: string, names: string[]) => Promise<Record<string, string>>
  withdrawConsent: (token: string) => Promise<number>
  requestErasure: (token: string, comment: string) => Promise<ErasureRequest>
  download: (fileName: string, file: Blob) => void
}

/** The download's name: the IST date it was taken. */
export function heldDataFileName(now: Date = new Date()): string {
  return `my-data-${istDateKey(now)}.json`
}

/** The download's content: exactly what the database answered. */
export function heldDataFile(answer: unknown): Blob {
  return new Blob([JSON.stringify(answer, null, 2)], { type: 'application/json' })
}

/** supabase-js and the apis load on the page's first request, after its first paint. */
const apis = () => import('@/features/my-data/api')

export const pageActors: MyDataActors = {
  requestCode: async (phone) => (await apis()).myDataSessionApi.requestCode(phone),
  openWithCode: async (phone, code) => (await apis()).myDataSessionApi.openWithCode(phone, code),
  openWithLink: async (manageToken) => (await apis()).myDataSessionApi.openWithLink(manageToken),
  fetchHeldData: async (token) => (await apis()).heldDataApi.fetchHeldData(token),
  signImages: async (token, names) => (await apis()).myDataImagesApi.signImages(token, names),
  withdrawConsent: async (token) => (await apis()).myDataRightsApi.withdrawConsent(token),
  requestErasure: async (token, comment) => (await apis()).myDataRightsApi.requestErasure(token, comment),
  download: downloadFile,
}
