/** A join or push outside the subset, refused in hosted's "Code: message" form with the backend's LOCAL501. */
export function notSupported(feature: string): string {
  return `LOCAL501: Not supported by the local backend: ${feature}`
}
