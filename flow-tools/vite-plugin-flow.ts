import { dirname, relative, resolve } from 'node:path'
import type { Plugin } from 'vite'
import { chatFlow, consultationFacts } from './flow-facts.ts'
import { loadFlow } from './load-flow.ts'
import { flowLanguage, type ChatLanguage, type LanguageChoice } from '../src/features/intake/flow/chat-language.ts'
import { defaultFlowFile, loadFlowFile, loadTranslations, problemReport, translationFilesOf } from './flow-files.ts'

/** What the plugin's hooks give the language readers: watching a file, failing with a message. */
type PluginContext = { addWatchFile(file: string): void; error(message: string): never }

const flowModule = /\.flow\.yaml$/
const factsModule = 'virtual:consultation-facts'
const resolvedFactsModule = `\0${factsModule}`
const languagesModule = 'virtual:chat-languages'
const resolvedLanguagesModule = `\0${languagesModule}`

export interface FlowPluginOptions {
  /**
   * The consultation flow to build the app with: imports of flows/consultation.flow.yaml resolve to it.
   * Tests point it at an edited copy; the app always uses the shipped file.
   */
  flowFile?: string
}

/**
 * `import flow from '…/x.flow.yaml'` yields the checked flow as plain JSON (without the dashboard's
 * follow-up text), so YAML parsing and the checks never reach the browser bundle. An invalid flow fails the build with flow:check's messages.
 * `virtual:consultation-facts` yields only what the admin side needs from the consultation flow.
 * `virtual:chat-languages` yields the languages the chat speaks (the flow's and those of the translation
 * files beside it) and a loader per translation: each language's texts are a chunk of their own, fetched
 * only when a visitor chooses it.
 */
export function flowPlugin({ flowFile = defaultFlowFile }: FlowPluginOptions = {}): Plugin {
  const shippedFlow = resolve(defaultFlowFile)
  const translationFiles = () => translationFilesOf(flowFile).map(({ language, file }) => ({ language, file: resolve(file) }))
  let building = false

  /**
   * The checked translations as the chat uses them, watched for changes; a problem fails the build with
   * flow:check's messages.
   */
  function chatLanguages(plugin: PluginContext): ChatLanguage[] {
    for (const { file } of translationFiles()) plugin.addWatchFile(file)
    const result = loadFlowFile(flowFile)
    if (!result.ok) plugin.error(`invalid flow file\n${problemReport(result)}`)
    return loadTranslations(flowFile, result.flow).map((translation) => {
      if (!translation.ok) plugin.error(`invalid translation\n${problemReport(translation)}`)
      return { code: translation.language, name: translation.name, texts: translation.byEnglish }
    })
  }
  function languagesSource(plugin: PluginContext): string {
    const files = translationFiles()
    const choices: LanguageChoice[] = [flowLanguage, ...chatLanguages(plugin)].map(({ code, name }) => ({ code, name }))
    const loaders = files.map(({ language, file }) => `${JSON.stringify(language)}: () => import(${JSON.stringify(file)}).then((module) => module.default)`)
    return [`export const languages = ${JSON.stringify(choices)}`, `export const loaders = {${loaders.join(', ')}}`].join('\n')
  }

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
      if (id === languagesModule) return resolvedLanguagesModule
      if (flowFile === defaultFlowFile || !importer || !flowModule.test(id)) return null
      return resolve(dirname(importer), id) === shippedFlow ? resolve(flowFile) : null
    },
    load(id) {
      if (id === resolvedLanguagesModule) return languagesSource(this)
      if (id !== resolvedFactsModule) return null
      this.addWatchFile(resolve(flowFile))
      const result = loadFlowFile(flowFile)
      if (!result.ok) this.error(`invalid flow file\n${problemReport(result)}`)
      // Each translation's own name for its language, by code: the dashboard names a lead's language with it.
      const languageNames = Object.fromEntries(chatLanguages(this).map(({ code, name }) => [code, name]))
      const facts = { ...consultationFacts(result.flow), languageNames }
      return Object.entries(facts)
        .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)}`)
        .join('\n')
    },
    transform(code, id) {
      const translation = translationFiles().find(({ file }) => file === id)
      if (translation) {
        const language = chatLanguages(this).find(({ code }) => code === translation.language)
        // JSON.parse: a text such as "__proto__" stays a plain key, and big JSON parses faster than a literal.
        return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(language))})`, map: null }
      }
      if (!flowModule.test(id)) return null
      const result = loadFlow(code, relative(process.cwd(), id))
      if (!result.ok) this.error(`invalid flow file\n${problemReport(result)}`)
      return { code: `export default ${JSON.stringify(chatFlow(result.flow))}`, map: null }
    },
  }
}
