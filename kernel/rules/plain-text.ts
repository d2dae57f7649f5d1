/**
 * Text that reads as it is (docs/behaviour.md, "Display"): no control characters (C0, C1, so no line breaks), no line or
 * paragraph separators (U+2028, U+2029), no bidi controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) and no
 * zero-width characters (U+200B–U+200D, U+2060, U+FEFF). A token's name or symbol with one of them could show the visitor
 * other words than the ones it holds ('USDC' drawn from 'CDSU'), so Latch refuses it where it comes in; a sign-in statement too.
 */
export const unsafeTextPattern = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u200b-\u200d\u2060\ufeff]/

/** True when `text` holds none of those characters. Never throws. */
export function isPlainText(text: unknown): text is string {
  return typeof text === 'string' && !unsafeTextPattern.test(text)
}
