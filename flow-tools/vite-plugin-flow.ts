import { dirname, relative, resolve, sep } from 'node:path'
import { searchForWorkspaceRoot, type Plugin } from 'vite'
import { accessCodeLink, chatFlow, consultationFacts, dashboardLinkTexts, quoteShareLink, reminderLink } from './flow-facts.ts'
import { loadFlow } from './load-flow.ts'
import { flowLanguage, type ChatLanguage, type LanguageChoice } from '../src/features/intake/flow/chat-language.ts'
import { defaultFlowFile, loadFlowFile, loadTranslations, problemReport, translationFilesOf } from './flow-files.ts'

/** What the plugin's hooks give the language readers: watching a file, failing with a message. */
type PluginContext = { addWatchFile(file: string): void; error(message: string): never }

const flowModule = /\.flow\.yaml$/
const yamlModule = /\.yaml(\?|$)/
const factsModule = 'virtual:consultation-facts'
const resolvedFactsModule = `\0${factsModule}`
const languagesModule = 'virtual:chat-languages'
const resolvedLanguagesModule = `\0${languagesModule}`

export interface FlowPluginOptions {
  /**
   * The consultation flow to build the app with: imports of flows/consultation.flow.yaml and of its
   * translations (`?raw` ones too) resolve to it and to the translations beside it. The editor guard
   * and some tests point it at an edited copy; the shipped app uses the shipped file.
   */
  flowFile?: string
}

/**
 * `import flow from '…/x.flow.yaml'` yields the checked flow as plain JSON (without the dashboard's
 * follow-up and reminder texts), so YAML parsing and the checks never reach the browser bundle. An invalid flow fails the build with flow:check's messages.
 * `virtual:consultation-facts` yields only what the admin side needs from the consultation flow.
 * `virtual:chat-languages` yields the languages the chat speaks (the flow's and those of the translation
 * files beside it) and a loader per translation: each language's texts are a chunk of their own, fetched
 * only when a visitor chooses it.
 */
export function flowPlugin({ flowFile = defaultFlowFile }: FlowPluginOptions = {}): Plugin {
  const translationFiles = () => translationFilesOf(flowFile).map(({ language, file }) => ({ language, file: resolve(file) }))
  /** The shipped flow's files, each with the file of the flow built with that takes its place. */
  const replacements = () =>
    new Map([
      [resolve(defaultFlowFile), resolve(flowFile)],
      ...translationFilesOf(defaultFlowFile).flatMap(({ language, file }) => {
        const replacement = translationFiles().find((translation) => translation.language === language)
        return replacement ? [[resolve(file), replacement.file] as const] : []
      }),
    ])
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
    config(config) {
      // The dev server serves the flow's translations from their own folder; one outside the project is allowed too.
      const root = resolve(config.root ?? process.cwd())
      const folder = dirname(resolve(flowFile))
      if (`${folder}${sep}`.startsWith(`${root}${sep}`)) return undefined
      return { server: { fs: { allow: [searchForWorkspaceRoot(root), folder] } } }
    },
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
      if (resolve(flowFile) === resolve(defaultFlowFile) || !importer || !yamlModule.test(id)) return null
      const [path = '', query] = id.split('?')
      const replacement = replacements().get(resolve(dirname(importer), path))
      return replacement === undefined ? null : `${replacement}${query === undefined ? '' : `?${query}`}`
    },
    load(id) {
      if (id === resolvedLanguagesModule) return languagesSource(this)
      if (id !== resolvedFactsModule) return null
      this.addWatchFile(resolve(flowFile))
      const result = loadFlowFile(flowFile)
      if (!result.ok) this.error(`invalid flow file\n${problemReport(result)}`)
      // Each translation's own name for its language, by code: the dashboard names a lead's language with it.
      const languages = chatLanguages(this)
      const languageNames = Object.fromEntries(languages.map(({ code, name }) => [code, name]))
      const facts = { ...consultationFacts(result.flow), languageNames, reminderTexts: dashboardLinkTexts(result.flow, languages, reminderLink), accessCodeTexts: dashboardLinkTexts(result.flow, languages, accessCodeLink), quoteShareTexts: dashboardLinkTexts(result.flow, languages, quoteShareLink) }
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
