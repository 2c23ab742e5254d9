// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, beforeAll, expect, it, vi } from 'vitest'
import { flowLanguage } from '../flow/chat-language'
import { loadLanguage } from './chat-languages'
import { useIntakeChat } from './use-intake-chat'

beforeAll(() => loadLanguage('hi'))
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

it('a chat started in Hindi speaks Hindi from its first render, and its machine keeps the language (the lead records it)', async () => {
  vi.useFakeTimers()
  const { result } = renderHook(() => useIntakeChat({ from: 'new', language: 'hi' }))
  expect(result.current.language.code).toBe('hi')
  expect(document.documentElement.lang).toBe('hi')
  await act(() => vi.advanceTimersByTimeAsync(5_000))
  expect(result.current.context.language).toBe('hi')
  expect(result.current.context.transcript.length).toBeGreaterThan(1)
})

it('a chat switched to Hindi and back shows each in turn; a language it does not speak leaves it as it was', async () => {
  const { result } = renderHook(() => useIntakeChat({ from: 'new', language: flowLanguage.code }))
  expect(result.current.language).toBe(flowLanguage)
  act(() => result.current.chooseLanguage('hi'))
  await vi.waitFor(() => expect(result.current.language.code).toBe('hi'))
  expect(result.current.switching).toBeNull()
  act(() => result.current.chooseLanguage('en'))
  await vi.waitFor(() => expect(result.current.language).toBe(flowLanguage))
  act(() => result.current.chooseLanguage('xx'))
  await vi.waitFor(() => expect(result.current.switching).toBeNull())
  expect(result.current.language).toBe(flowLanguage)
})
