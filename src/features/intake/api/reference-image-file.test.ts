import { expect, test } from 'vitest'
import { checkReferenceImage, referenceImageName } from './reference-image-file'

const MB = 1024 * 1024

test('images of the accepted types up to 10 MB pass', () => {
  expect(checkReferenceImage({ type: 'image/jpeg', size: 200_000 })).toBeNull()
  expect(checkReferenceImage({ type: 'image/png', size: 10 * MB })).toBeNull()
  expect(checkReferenceImage({ type: 'image/heic', size: 1 })).toBeNull()
})

test('non-images, empty files and files over 10 MB are refused before any upload', () => {
  expect(checkReferenceImage({ type: 'application/pdf', size: 1000 })).toBe('not_an_image')
  expect(checkReferenceImage({ type: '', size: 1000 })).toBe('not_an_image')
  expect(checkReferenceImage({ type: 'image/svg+xml', size: 1000 })).toBe('not_an_image')
  expect(checkReferenceImage({ type: 'text/html', size: 10 })).toBe('not_an_image')
  expect(checkReferenceImage({ type: 'image/png', size: 0 })).toBe('empty')
  expect(checkReferenceImage({ type: 'image/png', size: 10 * MB + 1 })).toBe('too_large')
})

test('the stored name is the upload time plus the original extension', () => {
  expect(referenceImageName({ name: 'My Ring.JPG', type: 'image/jpeg' }, 1763769600000)).toBe('1763769600000.jpg')
  expect(referenceImageName({ name: 'sketch.final.webp', type: 'image/webp' }, 5)).toBe('5.webp')
})

test('a hostile or missing extension never reaches the storage path', () => {
  expect(referenceImageName({ name: '../../etc/passwd', type: 'image/png' }, 7)).toBe('7.png')
  expect(referenceImageName({ name: 'ring.p/ng', type: 'image/png' }, 7)).toBe('7.png')
  expect(referenceImageName({ name: 'ring', type: 'image/gif' }, 7)).toBe('7.gif')
  expect(referenceImageName({ name: 'ring.<script>', type: 'image/jpeg' }, 7)).toBe('7.jpg')
  expect(referenceImageName({ name: 'x.verylongext', type: 'image/jpeg' }, 7)).toBe('7.jpg')
  expect(referenceImageName({ name: 'photo.exe', type: 'image/png' }, 7)).toBe('7.png')
  expect(referenceImageName({ name: 'photo.JFIF', type: 'image/jpeg' }, 7)).toBe('7.jfif')
})
