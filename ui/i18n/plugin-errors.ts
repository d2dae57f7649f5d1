import type { ErrorDeclaration } from '../../kernel/index'
import { activityErrors } from '../../plugins/activity/error-codes'
import { eip155Errors } from '../../plugins/eip155/error-codes'
import { embeddedErrors } from '../../plugins/embedded/error-codes'
import { namesErrors } from '../../plugins/names/error-codes'
import { onrampErrors } from '../../plugins/onramp/error-codes'
import { siwxErrors } from '../../plugins/siwx/error-codes'
import { swapErrors } from '../../plugins/swap/error-codes'
import { walletConnectErrors } from '../../plugins/walletconnect/error-codes'

/**
 * The error declarations of the plugins Latch ships (docs/errors.md, "Codes of the plugins"): their texts are in every
 * catalogue Latch ships, under `error.<id>` (docs/i18n.md). A third-party plugin's are not: their English comes from its
 * declaration, other languages through `<LatchProvider messages>`. Read from each plugin's error-codes.ts, so the locale
 * checker (latch/i18n) loads no plugin code.
 */
export const shippedErrors: readonly ErrorDeclaration<string, string>[] = [eip155Errors, walletConnectErrors, embeddedErrors, siwxErrors, namesErrors, activityErrors, swapErrors, onrampErrors]

/** Every error text of the kernel's catalogue and of the shipped plugins' declarations, by id. */
export function shippedErrorTexts(kernel: Readonly<Record<string, string>>): Record<string, string> {
  const texts: Record<string, string> = { ...kernel }
  for (const declared of shippedErrors) Object.assign(texts, declared.codes, declared.messages)
  return texts
}
