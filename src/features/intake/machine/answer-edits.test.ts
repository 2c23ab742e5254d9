import fixtureSource from '@flows/fixtures/ring-resize.flow.yaml?raw'
import { consultationFlow, consultationSource, loadFlowForTest } from '@/testing/intake/consultation-flow'
import { describeAnswerEdits, describeEditDuringEdit } from '@/testing/intake/edit-behaviour'
import { editedFlowSource } from '@/testing/intake/edited-flow'

const edited = loadFlowForTest(editedFlowSource(consultationSource), 'flows/edited-consultation.flow.yaml')

describeAnswerEdits(consultationFlow, 'edits of the consultation flow')
describeAnswerEdits(edited, 'edits of the edited copy')
describeEditDuringEdit(consultationFlow, 'an edit during an edit, consultation flow')
describeEditDuringEdit(edited, 'an edit during an edit, edited copy')
describeAnswerEdits(loadFlowForTest(fixtureSource, 'flows/fixtures/ring-resize.flow.yaml'), 'edits of the ring-resize fixture flow')
