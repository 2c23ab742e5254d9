import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { consultationFlow } from '@/testing/intake/consultation-flow'
import { answerUntil, newDoubles, snapshotOf, startChat, waitingAt } from '@/testing/intake/chat-driver'
import { keepOpenStep } from '@/testing/intake/flow-reading'
import { ApiError } from '@/lib/api-error'
import type { ChatRecordingApi } from '../api/chat-recording-api'
import type { ChatLanding } from '../api/chat-recording-values'
import type { ChatRecord, RecordedChatEvent } from './chat-record'
import { createChatRecorder } from './chat-recorder'

const landing: ChatLanding = { flowVersion: consultationFlow.hash, device: 'phone', utmSource: 'instagram' }
const sessionId = '6f9619ff-8b86-4d01-b42d-00c04fc964ff'

type Call = [name: keyof ChatRecordingApi, ...args: unknown[]]

/** An api that notes each call and answers after a tick, as a network would: `fail` decides which calls reject. */
function fakeApi(fail: (call: Call) => boolean = () => false) {
  const calls: Call[] = []
  const answer = (call: Call) => {
    calls.push(call)
    return new Promise<void>((resolve, reject) => setTimeout(() => (fail(call) ? reject(new ApiError('500', 'down')) : resolve()), 1))
  }
  const api: ChatRecordingApi = {
    startSession: (...args) => answer(['startSession', ...args]),
    stepShown: (...args) => answer(['stepShown', ...args]),
    stepAnswered: (...args) => answer(['stepAnswered', ...args]),
    contactSubmitted: (...args) => answer(['contactSubmitted', ...args]),
    chatFirstChosen: (...args) => answer(['chatFirstChosen', ...args]),
    noticeShown: (...args) => answer(['noticeShown', ...args]),
    marketingChosen: (...args) => answer(['marketingChosen', ...args]),
    completed: (...args) => answer(['completed', ...args]),
  }
  return { api, calls }
}

const event = (record: ChatRecord, id = sessionId): RecordedChatEvent => ({ ...record, sessionId: id })

describe('the chat recorder', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('sends one call after another, the start first, each showing and answer once', async () => {
    const { api, calls } = fakeApi()
    const recorder = createChatRecorder(api, landing, () => {})
    recorder.record(event({ type: 'session.started' }))
    recorder.record(event({ type: 'step.shown', stepId: 'name_form' }))
    recorder.record(event({ type: 'step.shown', stepId: 'name_form' }))
    recorder.record(event({ type: 'step.answered', stepId: 'name_form' }))
    recorder.record(event({ type: 'contact.submitted', name: 'Asha Rao', phone: '9876543210' }))
    recorder.record(event({ type: 'step.answered', stepId: 'name_form' }))
    recorder.record(event({ type: 'chat.completed', leadId: 'lead-1' }))
    expect(calls).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(0)
    expect(calls).toEqual([['startSession', sessionId, landing]])
    await vi.runAllTimersAsync()
    expect(calls).toEqual([
      ['startSession', sessionId, landing],
      ['stepShown', sessionId, 'name_form'],
      ['stepAnswered', sessionId, 'name_form'],
      ['contactSubmitted', sessionId, 'Asha Rao', '9876543210'],
      ['completed', sessionId, 'lead-1'],
    ])
  })

  it('a chat resumed after a reload starts its session again before its next event', async () => {
    const { api, calls } = fakeApi()
    const recorder = createChatRecorder(api, landing, () => {})
    recorder.record(event({ type: 'step.answered', stepId: 'occasion' }))
    await vi.runAllTimersAsync()
    expect(calls).toEqual([
      ['startSession', sessionId, landing],
      ['stepAnswered', sessionId, 'occasion'],
    ])
  })

  it('drops a failed call and goes on; a failed start is tried again before the next event', async () => {
    let startFailures = 1
    const { api, calls } = fakeApi(([name]) => (name === 'startSession' ? startFailures-- > 0 : name === 'stepShown'))
    const logged: string[] = []
    const recorder = createChatRecorder(api, landing, (message) => logged.push(message))
    recorder.record(event({ type: 'step.shown', stepId: 'name_form' }))
    recorder.record(event({ type: 'step.answered', stepId: 'name_form' }))
    recorder.record(event({ type: 'step.shown', stepId: 'occasion' }))
    recorder.record(event({ type: 'chat_first.chosen' }))
    await vi.runAllTimersAsync()
    expect(calls.map(([name]) => name)).toEqual(['startSession', 'startSession', 'stepAnswered', 'stepShown', 'chatFirstChosen'])
    expect(logged).toEqual(['Chat recording skipped step.shown:', 'Chat recording skipped step.shown:'])
  })

  it('keeps the sessions of two chats apart, each in its own order', async () => {
    const { api, calls } = fakeApi()
    const other = '0e7b0f4c-3f7e-4a53-9a3d-3c8f2b1d9e10'
    const recorder = createChatRecorder(api, landing, () => {})
    recorder.record(event({ type: 'step.shown', stepId: 'name_form' }))
    recorder.record(event({ type: 'step.shown', stepId: 'name_form' }, other))
    await vi.runAllTimersAsync()
    expect(calls.filter((call) => call[1] === other).map(([name]) => name)).toEqual(['startSession', 'stepShown'])
    expect(calls.filter((call) => call[1] === sessionId).map(([name]) => name)).toEqual(['startSession', 'stepShown'])
  })
})

describe('a chat whose recording is down', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00+05:30') }))
  afterEach(() => vi.useRealTimers())

  it('still runs to its saved lead and the post-save options, on the shipped flow', async () => {
    const { api, calls } = fakeApi(() => true)
    const doubles = newDoubles()
    const logged: string[] = []
    doubles.recorder = createChatRecorder(api, landing, (message) => logged.push(message))
    const chat = startChat(consultationFlow, doubles)
    await answerUntil(chat, waitingAt(keepOpenStep(consultationFlow).id))
    await vi.runAllTimersAsync()
    expect(snapshotOf(chat).status).toBe('active')
    expect(doubles.saves).toHaveLength(1)
    expect(doubles.records.map((record) => record.type)).toContain('chat.completed')
    // Each event (once per showing or answer) tried to start the session first, failed, and was dropped.
    const queued = new Set(doubles.records.map((record) => JSON.stringify(record))).size
    expect(calls.map(([name]) => name)).toEqual(Array(queued).fill('startSession'))
    expect(logged).toHaveLength(queued)
  })

  it('still runs when the recording api throws before it even sends', async () => {
    const throwing = new Proxy({} as ChatRecordingApi, {
      get: () => () => {
        throw new TypeError('fetch is not a function')
      },
    })
    const doubles = newDoubles()
    doubles.recorder = createChatRecorder(throwing, landing, () => {})
    const chat = startChat(consultationFlow, doubles)
    await answerUntil(chat, waitingAt(keepOpenStep(consultationFlow).id))
    expect(doubles.saves).toHaveLength(1)
  })
})
