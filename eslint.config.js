import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import featureBoundaries from './eslint-rules/feature-boundaries.js'
import noAliasesInConfigReach from './eslint-rules/no-aliases-in-config-reach.js'
import noImportCycles from './eslint-rules/no-import-cycles.js'

const supabaseOnlyThroughApi = {
  name: '@supabase/supabase-js',
  message: 'Use the one client in src/lib/supabase.ts through features/*/api/ functions.',
}

/** Every feature may use these. */
const shared = ['lib', 'components']

/** The arrows of docs/architecture.md, Who may import whom: what each part of src/ may import besides itself. */
const boundaries = {
  allow: {
    app: ['features/*', ...shared],
    'features/intake': ['features/scheduling', 'features/my-data', 'features/quote-link', ...shared],
    'features/scheduling': shared,
    'features/my-data': shared,
    'features/quote-link': shared,
    'features/orders': shared,
    'features/admin-auth': shared,
    'features/dashboard': ['features/leads', 'features/appointments', 'features/insights', 'features/today', 'features/team', 'features/settings', 'features/privacy', 'features/quotes', 'features/orders', ...shared],
    'features/leads': ['features/quotes', ...shared],
    'features/appointments': ['features/scheduling', ...shared],
    'features/insights': shared,
    'features/today': ['features/leads', ...shared],
    'features/team': shared,
    'features/settings': shared,
    'features/quotes': shared,
    'features/privacy': shared,
    components: ['lib'],
    lib: [],
    testing: ['*'],
  },
  testOnly: ['testing'],
  flowFiles: ['features/intake', 'testing'],
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
    files: ['src/**/*.{ts,tsx}'],
    plugins: { project: { rules: { 'feature-boundaries': featureBoundaries, 'no-import-cycles': noImportCycles } } },
    rules: {
      'project/no-import-cycles': 'error',
      'project/feature-boundaries': ['error', boundaries],
    },
  },
  {
    // The visitor's first screen: Chakra's main entry would pull every recipe the admin area uses into it.
    files: [
      'src/main.tsx',
      'src/app/{start-visitor-page,VisitorApp,HomePage,SiteHeader,ErrorBoundary,PageSpinner}.tsx',
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
    files: ['vite.config.ts', 'vitest.config.ts'],
    plugins: { project: { rules: { 'no-aliases-in-config-reach': noAliasesInConfigReach } } },
    rules: { 'project/no-aliases-in-config-reach': 'error' },
  },
  {
    files: ['src/lib/supabase.ts', 'src/**/api/**/*.ts', 'supabase/**/*.ts', 'scripts/**/*.ts', 'e2e/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
)
