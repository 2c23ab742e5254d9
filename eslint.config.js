import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

const supabaseOnlyThroughApi = {
  name: '@supabase/supabase-js',
  message: 'Use the one client in src/lib/supabase.ts through features/*/api/ functions.',
}

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.data', 'test-results', 'playwright-report'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: [supabaseOnlyThroughApi] }],
    },
  },
  {
    // The visitor's first screen: Chakra's main entry would pull every recipe the admin area uses into it.
    files: [
      'src/app/{App,HomePage,SiteHeader,ErrorBoundary,PageSpinner}.tsx',
      'src/components/ui/{provider.tsx,system.ts}',
      'src/features/intake/chat/**/*.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            supabaseOnlyThroughApi,
            { name: '@chakra-ui/react', message: "Import by component path, e.g. '@chakra-ui/react/button' (see src/components/ui/system.ts)." },
            { name: '@chakra-ui/react/theme', message: "Import theme parts from 'chakra-theme/...' (see src/components/ui/system.ts)." },
          ],
        },
      ],
    },
  },
  {
    files: ['src/lib/supabase.ts', 'src/**/api/**/*.ts', 'supabase/**/*.ts', 'scripts/**/*.ts', 'e2e/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
)
