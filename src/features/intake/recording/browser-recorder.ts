import flow from '@flows/consultation.flow.yaml'
import { chatRecordingApi } from '../api'
import { createChatRecorder } from './chat-recorder'
import { readLanding } from './landing'

/** The page's recorder, sending through the app's supabase client with this page's landing details. */
export const browserChatRecorder = createChatRecorder(chatRecordingApi, readLanding(flow.hash))
