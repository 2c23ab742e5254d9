import { readFileSync, writeFileSync } from 'node:fs'
import { flowDiagram, withDiagram } from '../flow-diagram.ts'
import { defaultFlowFile, loadFlowFile, problemReport } from '../flow-files.ts'
import { flowJsonSchemaText } from '../flow-json-schema.ts'
import { brandJsonSchemaText } from '../brand/brand-json-schema.ts'
import { translationJsonSchemaText } from '../translation-json-schema.ts'

const schemaFile = 'flows/consultation.flow.schema.json'
const translationSchemaFile = 'flows/translation.schema.json'
const brandSchemaFile = 'brand/brand.schema.json'
const diagramFile = 'flows/README.md'

/**
 * `npm run flow:generate`: writes what derives from the schemas and the flow file: the JSON Schemas
 * editors' YAML tools complete the flow file, the translation files and the brand file from, and the
 * flow's Mermaid diagram in flows/README.md, where GitHub renders it. Tests fail while any is stale.
 */
function main(): number {
  writeFileSync(schemaFile, flowJsonSchemaText())
  console.log(`wrote ${schemaFile}`)
  writeFileSync(translationSchemaFile, translationJsonSchemaText())
  console.log(`wrote ${translationSchemaFile}`)
  writeFileSync(brandSchemaFile, brandJsonSchemaText())
  console.log(`wrote ${brandSchemaFile}`)
  const result = loadFlowFile(defaultFlowFile)
  if (!result.ok) {
    console.error(problemReport(result))
    console.error(`${defaultFlowFile} has problems; fix them (npm run flow:check) before drawing it`)
    return 1
  }
  try {
    writeFileSync(diagramFile, withDiagram(readFileSync(diagramFile, 'utf8'), flowDiagram(result.flow)))
  } catch (error) {
    console.error(`${diagramFile}: ${error instanceof Error ? error.message : String(error)}`)
    return 1
  }
  console.log(`wrote the diagram of ${defaultFlowFile} into ${diagramFile}`)
  return 0
}

process.exitCode = main()
