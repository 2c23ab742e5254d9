/**
 * What the admin side needs from the intake flow (flows/consultation.flow.yaml): the answers a saved lead can hold (the leads filters' options), the steps in order with their questions (the insights funnel),
 * the follow-up text for unfinished chats, the appointment reminder, the My data code message and the quote link's message in each language and the translations' names for their languages. The flow plugin (flow-tools/vite-plugin-flow.ts) derives
 * them from the flow file when it builds, so admin code never imports the flow and its bundle holds none of the chat.
 */
export { accessCodeTexts, answerOptions, flowSteps, followUpTextParts, languageNames, quoteShareTexts, reminderTexts } from 'virtual:consultation-facts'
