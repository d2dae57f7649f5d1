/** What more than one view does with the account (Account, Receive, UnsupportedChain): reached through ui/shared.ts. */
import { disconnect, errorToast, LatchError, modalClosed, toastRequested, toLatchError, type Latch } from '../../../kernel/index'

/** Copies the address and confirms with a 'Copied' toast (an error toast when the clipboard refuses). */
export async function copyAddress(latch: Latch, address: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(address)
    latch.dispatch(toastRequested({ toast: { message: 'Copied', messageId: 'account.copied', variant: 'success' } }))
  } catch {
    latch.dispatch(toastRequested({ toast: { message: 'Could not copy the address', messageId: 'account.copyFailed', variant: 'error' } }))
  }
}

/**
 * Disconnects every connected family, then closes the modal. Any failure shows 'Failed to disconnect' (docs/errors.md),
 * whatever the wallet's own error was: that error is kept as the cause.
 */
export async function leave(latch: Latch): Promise<void> {
  try {
    await disconnect(latch)
    latch.dispatch(modalClosed({}))
  } catch (error) {
    const cause = toLatchError(error)
    const shown = cause.code === 'DISCONNECT_FAILED' ? cause : new LatchError('DISCONNECT_FAILED', { details: cause.message, cause })
    latch.dispatch(toastRequested({ toast: errorToast(shown) }))
  }
}
