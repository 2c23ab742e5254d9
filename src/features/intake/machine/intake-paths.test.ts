import { consultationFlow } from '../../../testing/intake/consultation-flow'
import { describeEveryPath } from '../../../testing/intake/path-behaviour'

describeEveryPath(consultationFlow, 'every simple path of the consultation flow')
