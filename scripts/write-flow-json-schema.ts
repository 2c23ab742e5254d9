import { writeFileSync } from 'node:fs'
import { flowJsonSchemaText } from '../src/features/intake/flow/flow-json-schema'

/** Regenerates flows/consultation.flow.schema.json after a change to the flow schema. */
const target = 'flows/consultation.flow.schema.json'
writeFileSync(target, flowJsonSchemaText())
console.log(`wrote ${target}`)
