import { expect, test } from 'vitest'
import { checkReferenceImage } from './reference-image-file'

const MB = 1024 * 1024

test('images of the accepted types up to 10 MB pass, with their type', () => {
  expect(checkReferenceImage({ type: 'image/jpeg', size: 200_000 })).toEqual({ type: 'image/jpeg' })
  expect(checkReferenceImage({ type: 'image/png', size: 10 * MB })).toEqual({ type: 'image/png' })
  expect(checkReferenceImage({ type: 'image/heic', size: 1 })).toEqual({ type: 'image/heic' })
})

test('non-images, empty files and files over 10 MB are refused before any upload', () => {
  expect(checkReferenceImage({ type: 'application/pdf', size: 1000 })).toEqual({ problem: 'not_an_image' })
  expect(checkReferenceImage({ type: '', size: 1000 })).toEqual({ problem: 'not_an_image' })
  expect(checkReferenceImage({ type: 'image/svg+xml', size: 1000 })).toEqual({ problem: 'not_an_image' })
  expect(checkReferenceImage({ type: 'text/html', size: 10 })).toEqual({ problem: 'not_an_image' })
  expect(checkReferenceImage({ type: 'toString', size: 10 })).toEqual({ problem: 'not_an_image' })
  expect(checkReferenceImage({ type: 'image/png', size: 0 })).toEqual({ problem: 'empty' })
  expect(checkReferenceImage({ type: 'image/png', size: 10 * MB + 1 })).toEqual({ problem: 'too_large' })
})
