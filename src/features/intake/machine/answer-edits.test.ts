import fixtureSource from '../../../../flows/fixtures/ring-resize.flow.yaml?raw'
import { consultationFlow, consultationSource, loadFlowForTest } from '../../../testing/intake/consultation-flow'
import { describeAnswerEdits } from '../../../testing/intake/edit-behaviour'
import { editedFlowSource } from '../../../testing/intake/edited-flow'

describeAnswerEdits(consultationFlow, 'edits of the consultation flow')
describeAnswerEdits(loadFlowForTest(editedFlowSource(consultationSource), 'flows/edited-consultation.flow.yaml'), 'edits of the edited copy')
describeAnswerEdits(loadFlowForTest(fixtureSource, 'flows/fixtures/ring-resize.flow.yaml'), 'edits of the ring-resize fixture flow')
