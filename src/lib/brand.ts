/** Brand texts shown around the app. The intake's own wording lives in flows/consultation.flow.yaml. */
export const brand = {
  name: 'Kanak',
  title: 'Kanak Bespoke Jewellery',
  shortName: 'kanak',
  tagline: 'Your Personal Jewelry Consultant',
} as const
