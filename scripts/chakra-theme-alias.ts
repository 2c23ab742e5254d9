import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** Chakra's theme files, imported one by one by the visitor system (src/components/ui/system.ts says why). */
export const chakraThemeAlias = {
  find: /^chakra-theme\//,
  replacement: path.join(path.dirname(fileURLToPath(import.meta.url)), '../node_modules/@chakra-ui/react/dist/esm/theme/'),
}
