/**
 * docs/siwx.md, "Messages": the characters a statement (and a request id) may never hold, in any family. Line breaks of
 * any kind would let a statement forge the lines after it (CR, LF, NEL U+0085, U+2028, U+2029, and every other control
 * character); bidi controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) and zero-width characters
 * (U+200B–U+200D, U+2060, U+FEFF) would make the wallet show the visitor other words than the ones signed. `siwx()` checks
 * its options with the kernel's `isPlainText` itself (the same rule), so this module is only in the lazily loaded message
 * code (docs/chunks.md).
 */
import { isPlainText, unsafeTextPattern } from '../../kernel/rules/plain-text'

/** The kernel's rule for text that reads as it is (kernel/rules/plain-text.ts): the same characters. */
export const forbiddenInStatement = unsafeTextPattern

/** True when `text` holds none of the forbidden characters. */
export function isCleanLine(text: string): boolean {
  return isPlainText(text)
}
