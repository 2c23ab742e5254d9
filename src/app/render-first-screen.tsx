import { renderToString } from 'react-dom/server'
import { newChat } from '../features/intake/chat/chat-start'
import { VisitorApp } from './VisitorApp'

/**
 * The markup of #root: the home page's first screen (header, conversation area, welcome message) as it
 * renders before any script runs, for the build to put into index.html with its CSS
 * (scripts/vite-plugin-prerender.ts). Run at build time only.
 */
export function renderFirstScreen(): string {
  return renderToString(<VisitorApp start={newChat} />)
}
