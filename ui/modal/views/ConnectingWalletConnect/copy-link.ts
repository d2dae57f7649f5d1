import { toastRequested, type Latch } from '../../../../kernel/index'

/** Copies the pairing URI, for a wallet on this device that pastes it, and says so with a toast (docs/behaviour.md, "Toasts"). */
export async function copyPairingLink(latch: Latch, uri: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(uri)
    latch.dispatch(toastRequested({ toast: { message: 'Link copied', messageId: 'wc.copied', variant: 'success' } }))
  } catch {
    latch.dispatch(toastRequested({ toast: { message: 'Could not copy the link', messageId: 'wc.copyFailed', variant: 'error' } }))
  }
}
