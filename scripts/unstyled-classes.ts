/**
 * The class names in a prerendered page's #root that no rule in its head's style elements selects:
 * markup that would paint unstyled before the scripts run. Plain string matching, as the build's
 * output is checked without a DOM.
 */
export function unstyledClasses(page: string): string[] {
  const [head = '', body = ''] = page.split('</head>')
  const css = [...head.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join('\n')
  const root = body.slice(body.indexOf('<div id="root">'))
  const classes = new Set([...root.matchAll(/\sclass="([^"]*)"/g)].flatMap((match) => (match[1] ?? '').split(/\s+/).filter(Boolean)))
  if (classes.size === 0) throw new Error('The page has no classes in #root')
  return [...classes].filter((name) => !new RegExp(`\\.${name.replace(/[-\\^$*+?.()|[\]{}]/g, '\\$&')}(?![\\w-])`).test(css))
}
