/**
 * Fills a backend with demo leads and appointments:
 *   npm run seed:demo -- --leads 200 [--url http://localhost:5173] [--data-dir <folder>] [--replace]
 * The service key comes from the local backend's data folder (keys.json; by default the one `npm start`
 * uses), or from SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY for another backend.
 */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { createClient } from '@supabase/supabase-js'
import { readSettings } from '../supabase/local/config.ts'
import { dataFolder } from '../supabase/local/data-folder.ts'
import { defaultFlowFile, loadFlowFile, problemReport } from '../flow-tools/flow-files.ts'
import { demoAppointments, demoLeads } from './seed-demo/demo-data.ts'
import { samplePng } from './seed-demo/sample-image.ts'

const batchSize = 1000
const maxLeads = 100_000

class RealtimeUnavailable {
  constructor() {
    throw new Error('Realtime is not used by the seed script')
  }
}

async function serviceKey(dataDir: string): Promise<string> {
  if (process.env.SUPABASE_SERVICE_ROLE_KEY) return process.env.SUPABASE_SERVICE_ROLE_KEY
  const file = dataFolder(dataDir).keys
  const keys = JSON.parse(await readFile(file, 'utf8').catch(() => {
    throw new Error(`No ${file}: start the app once with \`npm start\` (or pass --data-dir) before seeding.`)
  })) as { serviceRoleKey?: string }
  if (!keys.serviceRoleKey) throw new Error(`${file} has no serviceRoleKey`)
  return keys.serviceRoleKey
}

function readOptions() {
  const { values } = parseArgs({
    options: {
      leads: { type: 'string', default: '200' },
      url: { type: 'string', default: process.env.SUPABASE_URL ?? 'http://localhost:5173' },
      'data-dir': { type: 'string', default: readSettings().dataDir },
      replace: { type: 'boolean', default: false },
    },
  })
  const leads = Number(values.leads)
  if (!Number.isInteger(leads) || leads < 0 || leads > maxLeads) {
    throw new Error(`--leads must be a whole number from 0 to ${maxLeads}, got "${values.leads}"`)
  }
  return { leads, url: values.url, dataDir: values['data-dir'], replace: values.replace }
}

async function main() {
  const options = readOptions()
  const client = createClient(options.url, await serviceKey(options.dataDir), {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: RealtimeUnavailable as unknown as typeof WebSocket },
  })
  if (options.replace) {
    const removed = await client.from('leads').delete().like('id', 'demo-%')
    if (removed.error) throw new Error(`Removing earlier demo leads failed: ${removed.error.message}`)
  }
  const imagePaths: string[] = []
  for (let index = 0; index < 4; index += 1) {
    // The bucket's name form (128 bits in hex), fixed per demo image so a second run replaces it.
    const name = `${createHash('sha256').update(`demo-reference-${index + 1}`).digest('hex').slice(0, 32)}.png`
    const uploaded = await client.storage
      .from('reference-images')
      .upload(name, samplePng(index * 37), { contentType: 'image/png', upsert: true })
    if (uploaded.error) console.warn(`Reference image ${name} not uploaded: ${uploaded.error.message}`)
    else imagePaths.push(uploaded.data.path)
  }
  const flow = loadFlowFile(defaultFlowFile)
  if (!flow.ok) throw new Error(`The leads take their answers from the flow file, which has problems:\n${problemReport(flow)}`)
  const now = new Date()
  const leads = demoLeads(options.leads, now, imagePaths, flow.flow)
  for (let start = 0; start < leads.length; start += batchSize) {
    const { error } = await client.from('leads').insert(leads.slice(start, start + batchSize))
    if (error) throw new Error(`Inserting leads failed: ${error.message}${error.code === '23505' ? ' (run with --replace)' : ''}`)
  }
  const appointments = demoAppointments(leads, now)
  for (let start = 0; start < appointments.length; start += batchSize) {
    const { error } = await client.from('appointments').insert(appointments.slice(start, start + batchSize))
    if (error) throw new Error(`Inserting appointments failed: ${error.message}`)
  }
  console.log(`Seeded ${leads.length} leads and ${appointments.length} appointments into ${options.url}`)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
