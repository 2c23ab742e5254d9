/** Brand texts shown around the app. The intake's own wording, the header's tagline included, lives in flows/consultation.flow.yaml. */
export const brand = {
  name: 'Kanak',
  title: 'Kanak Bespoke Jewellery',
  shortName: 'kanak',
} as const
