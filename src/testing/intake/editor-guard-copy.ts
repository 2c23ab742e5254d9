import { readFileSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { defaultFlowFile, translationFilesOf } from '../../../flow-tools/flow-files'
import { dashboardOptionLabels } from './dashboard-labels'
import { editedFlowFiles, type EditorChange } from './edited-flow'

/**
 * The editor's change the editor guard tests the app against: every text reworded, every options list
 * reordered (the labels the dashboard depends on keep their wording), every timing five times shorter,
 * which keeps the browser tests fast.
 */
export const editorGuardChange: EditorChange = {
  keptLabels: new Set(Object.values(dashboardOptionLabels).flat()),
  retime: (ms) => Math.round(ms / 5),
}

/**
 * Writes the shipped flow and its translations, changed as `editorGuardChange` says, into `folder`
 * under their own names; answers the copied flow file's path.
 */
export function writeEditorGuardCopy(folder: string): string {
  const translations = translationFilesOf(defaultFlowFile)
  const edited = editedFlowFiles(
    { flow: readFileSync(defaultFlowFile, 'utf8'), translations: Object.fromEntries(translations.map(({ language, file }) => [language, readFileSync(file, 'utf8')])) },
    editorGuardChange,
  )
  const flowFile = join(folder, basename(defaultFlowFile))
  writeFileSync(flowFile, edited.flow)
  for (const { language, file } of translations) writeFileSync(join(folder, basename(file)), edited.translations[language] ?? '')
  return flowFile
}
