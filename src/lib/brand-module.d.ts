declare module 'virtual:brand' {
  /** The checked brand file, its `logo` the URL the app serves the image at. */
  export const brand: import('./brand.schema').Brand
}
