// Formula injection (CSV and XLSX): spreadsheet software runs a cell that begins with =, +, -, @,
// a tab or a carriage return as a formula, so a lift name like =HYPERLINK(...) could act when the
// export is opened. Such text gets a leading apostrophe, shown as text, except a plain telephone
// number (digits, spaces, + - and parentheses, at least one digit): it cannot name a function or a
// cell, so at worst it reads as arithmetic, and "+31 30 123 4567" must stay as typed.

const formulaStart = /^[=+\-@\t\r]/;
const plainTelephone = /^[\d +\-()]*\d[\d +\-()]*$/;

/** The text as it is safe to put in a spreadsheet cell. */
export function neutraliseFormula(text: string): string {
  return formulaStart.test(text) && !plainTelephone.test(text) ? `'${text}` : text;
}
