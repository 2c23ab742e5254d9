/** A UTF-8 byte order mark, so Excel reads ₹ and Hindi right: a CSV file begins with it. */
export const csvByteOrderMark = '\uFEFF'
const lineEnd = '\r\n'
const formulaTriggers = ['=', '+', '-', '@', '\t', '\r']

/** A leading apostrophe stops spreadsheets from running a cell as a formula. */
function defuseFormula(value: string): string {
  return formulaTriggers.some((trigger) => value.startsWith(trigger)) ? `'${value}` : value
}

/** RFC 4180: quote when the value holds a comma, quote or line break; double inner quotes. */
function quote(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}

/** One line of a CSV file, ended by CRLF, each cell defused and quoted. */
export function csvLine(cells: readonly string[]): string {
  return cells.map((cell) => quote(defuseFormula(cell))).join(',') + lineEnd
}
