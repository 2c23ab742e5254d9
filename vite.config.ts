import { defineConfig } from 'vite'
import { consultationFlowFile } from './flow-tools/flow-files.ts'
import { appModules } from './scripts/app-modules.ts'
import { prerenderPlugin } from './scripts/vite-plugin-prerender.ts'
import { localSupabaseBackend } from './supabase/local/vite-plugin.ts'

const app = appModules({ flowFile: consultationFlowFile })

export default defineConfig({
  ...app,
  plugins: [
    ...(app.plugins ?? []),
    localSupabaseBackend(),
    prerenderPlugin({
      pages: [
        { html: 'index.html', entry: '/src/app/render-first-screen.tsx' },
        { html: 'privacy.html', entry: '/src/app/render-privacy-page.tsx' },
      ],
      renderConfig: () => appModules({ flowFile: consultationFlowFile }),
    }),
  ],
  // No CORS: a page on another origin (any localhost port included) must not read the app's files.
  // The local backend answers CORS for its own API paths, as Supabase does.
  server: { port: 5173, strictPort: true, cors: false },
  // Two dev servers of one checkout (the editor guard's beside the browser tests') each need their own
  // optimized dependencies.
  cacheDir: process.env.VITE_CACHE_DIR ?? 'node_modules/.vite',
  preview: { cors: false },
  build: {
    // One stylesheet for the whole app, which the prerender inlines into index.html: no page waits on a
    // stylesheet request, no lazy chunk on a CSS file of its own.
    cssCodeSplit: false,
    rolldownOptions: {
      // The Privacy notice has a page of its own, prerendered (served at /privacy).
      input: { index: 'index.html', privacy: 'privacy.html' },
      // These CommonJS packages have no side effects the bundler can see; Emotion imports them only
      // for withTheme, which nothing uses, and they would otherwise ship with every page that uses Chakra.
      treeshake: { moduleSideEffects: (id) => !/\/node_modules\/(hoist-non-react-statics|react-is)\//.test(id) },
    },
  },
})
