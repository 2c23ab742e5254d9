/**
 * What the admin side needs from the intake flow (flows/consultation.flow.yaml): the business phone
 * and the occasions a visitor can choose. The flow plugin (scripts/vite-plugin-flow.ts) derives them
 * from the flow file when it builds, so admin code never imports the flow and its bundle holds none of the chat.
 */
export { businessPhone, occasionOptions } from 'virtual:consultation-facts'
