import { readFileSync, writeFileSync } from 'node:fs'
import { flowDiagram, withDiagram } from '../src/features/intake/flow/flow-diagram.ts'
import { defaultFlowFile, loadFlowFile, problemReport } from './flow-files'

const diagramFile = 'flows/README.md'

/** `npm run flow:diagram`: writes the flow's Mermaid diagram into flows/README.md, where GitHub renders it. */
function main(): number {
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
