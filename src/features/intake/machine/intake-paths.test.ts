import { consultationFlow } from '@/testing/intake/consultation-flow'
import { describeEveryPath } from '@/testing/intake/path-behaviour'
import { inHindi } from '@/testing/intake/test-languages'

describeEveryPath(consultationFlow, 'every simple path of the consultation flow')
describeEveryPath(consultationFlow, 'every simple path of the consultation flow, in Hindi', inHindi(consultationFlow))
