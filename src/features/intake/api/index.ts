import { supabase } from '@/lib/supabase'
import { createAppointmentBookingApi } from './appointment-booking-api'
import { createChatRecordingApi } from './chat-recording-api'
import { createLeadApi } from './lead-api'
import { createReferenceImageApi } from './reference-image-api'

export const leadApi = createLeadApi(supabase)
export const referenceImageApi = createReferenceImageApi(supabase)
export const appointmentBookingApi = createAppointmentBookingApi(supabase)
export const chatRecordingApi = createChatRecordingApi(supabase)
