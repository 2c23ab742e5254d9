import { consultationFlow } from '@/testing/intake/consultation-flow'
import { describeRestoredChats } from '@/testing/intake/restore-behaviour'
import { describeTimedBehaviour } from '@/testing/intake/timed-behaviour'

describeTimedBehaviour(consultationFlow, 'the consultation machine with simulated time and test doubles for save, upload and booking')
describeRestoredChats(consultationFlow, 'a consultation chat kept across a reload')
