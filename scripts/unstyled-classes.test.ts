import { describe, expect, it } from 'vitest'
import { unstyledClasses } from './unstyled-classes'

const page = (css: string, root: string) => `<html><head><style>${css}</style></head><body><div id="root">${root}</div></body></html>`

describe('unstyledClasses', () => {
  it('names the classes of #root that no rule selects, a longer name with the same start not counting', () => {
    const root = '<main class="page a_b"><p class="tagline">t</p><p class="x">u</p></main>'
    expect(unstyledClasses(page('.page-wide{}:where(.a_b *){}.x:hover{}', root))).toEqual(['page', 'tagline'])
  })

  it('reads every style element of the head and none of the body', () => {
    const html = '<html><head><style>.a{}</style><style>.b{}</style></head><body><style>.c{}</style><div id="root"><i class="a b c"></i></div></body></html>'
    expect(unstyledClasses(html)).toEqual(['c'])
  })

  it('refuses markup without classes, which would pass without checking anything', () => {
    expect(() => unstyledClasses(page('.a{}', '<p>plain</p>'))).toThrow('no classes')
  })
})
