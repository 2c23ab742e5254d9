import { languageCode } from '../src/features/intake/flow/chat-language.ts'
import { sourceTextHashPattern } from './source-text-hash.ts'

/**
 * The JSON Schema of a translation file (flows/<name>.<language>.yaml), committed beside the flows for
 * editors' YAML tools: its header, and every text as `text` with the `from` of its English.
 */
export function translationJsonSchemaText(): string {
  const schema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'Translation of a flow file (flows/<name>.<language>.yaml)',
    type: 'object',
    required: ['language', 'name'],
    properties: {
      language: { type: 'string', pattern: languageCode.source, description: 'The language code, as in the file name: hi for consultation.hi.yaml' },
      name: { type: 'string', minLength: 1, description: "The language's own name, shown in the chat's language switch" },
    },
    additionalProperties: { $ref: '#/$defs/texts' },
    $defs: {
      texts: {
        description: 'Texts where the flow file has them: steps and form fields by id, options by their English label',
        anyOf: [{ $ref: '#/$defs/translatedText' }, { type: 'array', items: { $ref: '#/$defs/texts' } }, { type: 'object', additionalProperties: { $ref: '#/$defs/texts' } }],
      },
      translatedText: {
        type: 'object',
        required: ['text', 'from'],
        additionalProperties: false,
        properties: {
          text: { type: 'string', minLength: 1, description: 'The translation, with the placeholders ({{name}}) of the English text' },
          from: {
            type: 'string',
            pattern: sourceTextHashPattern.source,
            description: 'The English text this translation was made from, as 8 hex digits: `npm run flow:check` prints what to write once the translation says what the English says',
          },
        },
      },
    },
  }
  return `${JSON.stringify(schema, null, 2)}\n`
}
