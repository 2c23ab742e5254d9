const characters = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'

/** State code, PAN (five letters, four digits, a letter), entity number, Z, check character. */
const gstinShape = /^(\d{2})[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/

/** GST state codes: the states and union territories (01–38), other territory (97), centre jurisdiction (99). */
function isStateCode(code: number): boolean {
  return (code >= 1 && code <= 38) || code === 97 || code === 99
}

/** The GSTIN's last character as the GST network computes it from the first fourteen. */
function checkCharacter(first14: string): string {
  let sum = 0
  for (let index = 0; index < 14; index++) {
    const product = characters.indexOf(first14[index] ?? '') * ((index % 2) + 1)
    sum += Math.floor(product / 36) + (product % 36)
  }
  return characters[(36 - (sum % 36)) % 36] ?? ''
}

/** What is wrong with a GST identification number, or undefined when it is well formed. */
export function gstinProblem(gstin: string): string | undefined {
  const shape = gstinShape.exec(gstin)
  if (!shape) {
    return 'gstin must be 15 capital letters and digits: state code, PAN, entity number, Z and a check character, e.g. "27AAPFU0939F1ZV"'
  }
  if (!isStateCode(Number(shape[1]))) return `gstin starts with ${shape[1]}, which is no GST state code (01–38, 97, 99)`
  const expected = checkCharacter(gstin)
  if (gstin.at(-1) !== expected) return `gstin's check character is ${gstin.at(-1)}, but its first 14 characters give ${expected}: a character is mistyped`
  return undefined
}
