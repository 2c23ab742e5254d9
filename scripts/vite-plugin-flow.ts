import { relative, resolve } from 'node:path'
import type { Plugin } from 'vite'
import { consultationFacts } from '../src/features/intake/flow/flow-facts.ts'
import { loadFlow } from '../src/features/intake/flow/load-flow.ts'
import { defaultFlowFile, loadFlowFile, problemReport } from './flow-files.ts'

const flowModule = /\.flow\.yaml$/
const factsModule = 'virtual:consultation-facts'
const resolvedFactsModule = `\0${factsModule}`

/**
 * `import flow from '…/x.flow.yaml'` yields the checked flow as plain JSON, so YAML parsing and the
 * checks never reach the browser bundle. An invalid flow fails the build with flow:check's messages.
 * `virtual:consultation-facts` yields only what the admin side needs from the consultation flow.
 */
export function flowPlugin(checkOnBuild: string[] = [defaultFlowFile]): Plugin {
  let building = false
  return {
    name: 'intake-flow',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build'
    },
    buildStart() {
      if (!building) return
      for (const file of checkOnBuild) {
        const result = loadFlowFile(file)
        if (!result.ok) this.error(`invalid flow file\n${problemReport(result)}`)
      }
    },
    resolveId(id) {
      return id === factsModule ? resolvedFactsModule : null
    },
    load(id) {
      if (id !== resolvedFactsModule) return null
      this.addWatchFile(resolve(defaultFlowFile))
      const result = loadFlowFile(defaultFlowFile)
      if (!result.ok) this.error(`invalid flow file\n${problemReport(result)}`)
      const facts = consultationFacts(result.flow)
      return Object.entries(facts)
        .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)}`)
        .join('\n')
    },
    transform(code, id) {
      if (!flowModule.test(id)) return null
      const result = loadFlow(code, relative(process.cwd(), id))
      if (!result.ok) this.error(`invalid flow file\n${problemReport(result)}`)
      return { code: `export default ${JSON.stringify(result.flow)}`, map: null }
    },
  }
}
