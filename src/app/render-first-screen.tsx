import { renderToString } from 'react-dom/server'
import { newChat } from '../features/intake/chat/chat-start'
import { VisitorApp } from './VisitorApp'

export interface FirstScreen {
  /** The markup of #root. */
  html: string
  /** Emotion's style tags for that markup: Chakra's global styles, then the components' styles. */
  styles: string
}

/** A style tag Emotion renders on the server, before the element it styles. */
const emotionStyle = /<style data-emotion="[^"]*">[\s\S]*?<\/style>/g

/**
 * The home page's first screen (header, conversation area, welcome message) as it renders before any
 * script runs, for the build to put into index.html (scripts/vite-plugin-prerender.ts). Run at build
 * time only. Emotion renders each style tag inline, before the element it styles; they move to the
 * head, where Emotion in the browser finds them by their `data-emotion` ids and inserts no style again.
 */
export function renderFirstScreen(): FirstScreen {
  const markup = renderToString(<VisitorApp start={newChat} />)
  return { html: markup.replace(emotionStyle, ''), styles: (markup.match(emotionStyle) ?? []).join('') }
}
