/**
 * A code's symbols as people type it: letter case, spaces and dashes (or the dash a phone's
 * keyboard makes of a hyphen) do not matter. Personal access codes (auth/passwords.ts) and gift
 * codes (gifts-schemas.ts) are both read through it, then put back in their groups.
 */
export function typedCodeSymbols(typed: string): string {
  return typed.toUpperCase().replace(/[\s\-\u2010-\u2015\u2212]+/g, '');
}
