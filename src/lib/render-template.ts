/** A `{{name}}` placeholder, its name (spaces around it allowed) the first group. */
export const placeholderPattern = /\{\{\s*([^{}]*?)\s*\}\}/g

/** Replaces `{{name}}`-style placeholders with values; unknown or missing values become empty. */
export function renderTemplate(template: string, values: Readonly<Record<string, string | null | undefined>>): string {
  return template.replace(placeholderPattern, (_, name: string) => values[name] ?? '')
}
