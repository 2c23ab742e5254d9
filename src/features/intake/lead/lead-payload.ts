import { leadFields, type ImageFieldName, type LeadAnswers, type LeadFieldName } from '../../../lib/lead-fields'

/** The record inserted into leads (spec section 7): every declared field; the api layer sends it as an array of one. */
export type LeadPayload = { id: string } & { [TField in LeadFieldName]: TField extends ImageFieldName ? string | null : string } & {
  status: 'pending'
}

/** Unanswered answers are empty strings; no uploaded image is null. */
export function buildLeadPayload(id: string, answers: LeadAnswers): LeadPayload {
  const fields = leadFields.map(({ name, kind }) => {
    const answer = answers[name] ?? ''
    return [name, kind === 'image' && answer === '' ? null : answer]
  })
  return { id, ...Object.fromEntries(fields), status: 'pending' } as LeadPayload
}
