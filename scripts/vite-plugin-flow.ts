import { readFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import type { Plugin } from 'vite'
import { chatFlow, consultationFacts } from '../src/features/intake/flow/flow-facts.ts'
import { loadFlow } from '../src/features/intake/flow/load-flow.ts'
import { readYaml } from '../src/features/intake/flow/read-yaml.ts'
import { defaultFlowFile, loadFlowFile, problemReport, translationFilesOf } from './flow-files.ts'

const flowModule = /\.flow\.yaml$/
const factsModule = 'virtual:consultation-facts'
const resolvedFactsModule = `\0${factsModule}`

export interface FlowPluginOptions {
  /**
   * The consultation flow to build the app with: imports of flows/consultation.flow.yaml resolve to it.
   * Tests point it at an edited copy; the app always uses the shipped file.
   */
  flowFile?: string
}

/**
 * Each translation's own name for its language (the `name:` of flows/consultation.<code>.yaml), by
 * code: the dashboard names a lead's language with it. Only the header is read, so a translation
 * still missing texts names its language all the same; one without a name is left out (flow:check
 * reports it).
 */
function languageNames(flowFile: string, watch: (file: string) => void): Record<string, string> {
  return Object.fromEntries(
    translationFilesOf(flowFile).flatMap(({ language, file }) => {
      watch(file)
      const read = readYaml(readFileSync(file, 'utf8'), file)
      const name = read.ok ? read.doc.get('name') : undefined
      return typeof name === 'string' && name.trim() !== '' ? [[language, name.trim()]] : []
    }),
  )
}

/**
 * `import flow from '…/x.flow.yaml'` yields the checked flow as plain JSON (without the dashboard's
 * follow-up text), so YAML parsing and the checks never reach the browser bundle. An invalid flow fails the build with flow:check's messages.
 * `virtual:consultation-facts` yields only what the admin side needs from the consultation flow.
 */
export function flowPlugin({ flowFile = defaultFlowFile }: FlowPluginOptions = {}): Plugin {
  const shippedFlow = resolve(defaultFlowFile)
  let building = false
  return {
    name: 'intake-flow',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build'
    },
    buildStart() {
      if (!building) return
      const result = loadFlowFile(flowFile)
      if (!result.ok) this.error(`invalid flow file\n${problemReport(result)}`)
    },
    resolveId(id, importer) {
      if (id === factsModule) return resolvedFactsModule
      if (flowFile === defaultFlowFile || !importer || !flowModule.test(id)) return null
      return resolve(dirname(importer), id) === shippedFlow ? resolve(flowFile) : null
    },
    load(id) {
      if (id !== resolvedFactsModule) return null
      this.addWatchFile(resolve(flowFile))
      const result = loadFlowFile(flowFile)
      if (!result.ok) this.error(`invalid flow file\n${problemReport(result)}`)
      const facts = { ...consultationFacts(result.flow), languageNames: languageNames(flowFile, (file) => this.addWatchFile(resolve(file))) }
      return Object.entries(facts)
        .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)}`)
        .join('\n')
    },
    transform(code, id) {
      if (!flowModule.test(id)) return null
      const result = loadFlow(code, relative(process.cwd(), id))
      if (!result.ok) this.error(`invalid flow file\n${problemReport(result)}`)
      return { code: `export default ${JSON.stringify(chatFlow(result.flow))}`, map: null }
    },
  }
}
