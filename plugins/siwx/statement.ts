/**
 * docs/siwx.md, "Messages": the characters a statement (and a request id) may never hold, in any family. Line breaks of
 * any kind would let a statement forge the lines after it (CR, LF, NEL U+0085, U+2028, U+2029, and every other control
 * character); bidi controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) and zero-width characters
 * (U+200B–U+200D, U+2060, U+FEFF) would make the wallet show the visitor other words than the ones signed. A module of
 * its own: `siwx()` checks its options with it before the message code loads.
 */
export const forbiddenInStatement = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u200b-\u200d\u2060\ufeff]/

/** True when `text` holds none of the forbidden characters. */
export function isCleanLine(text: string): boolean {
  return !forbiddenInStatement.test(text)
}
