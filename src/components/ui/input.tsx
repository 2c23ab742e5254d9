import type { InputProps } from '@chakra-ui/react/input'
import { createRecipeContext } from '@chakra-ui/react/styled-system'

const { withContext } = createRecipeContext({ key: 'input' })

/**
 * Chakra's Input (its recipe, its props) on a plain <input>. Chakra's own wraps Ark's Field.Input,
 * whose module brings all of Ark's Field parts (~5 KB gzipped) into the visitor's first screen for a
 * field context this app never provides.
 */
export const Input = withContext<HTMLInputElement, InputProps>('input')
