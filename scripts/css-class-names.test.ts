import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { cssClassName } from './css-class-names'

const file = path.resolve('src/app/SiteHeader.module.css')

describe('cssClassName', () => {
  it('depends on the file and the local name only: a query (as the dev server adds one) changes nothing', () => {
    expect(cssClassName('title', file)).toMatch(/^SiteHeader_title_[\w-]{5}$/)
    expect(cssClassName('title', `${file}?used`)).toBe(cssClassName('title', file))
  })

  it('tells apart the same local name in two files of the same name', () => {
    expect(cssClassName('title', path.resolve('src/a/Panel.module.css'))).not.toBe(cssClassName('title', path.resolve('src/b/Panel.module.css')))
  })
})
