import { LatchError, type Kernel } from '../../kernel/index'
import { getCallsStatus, type GetCallsStatusReturnType } from './get-calls-status'

export type WaitForCallsStatusParameters = {
  id: string
  /** How often the wallet is asked, in ms (default 1,000). */
  pollingInterval?: number
  /** How long to wait for the batch to leave 'pending', in ms (default 60,000). */
  timeout?: number
}

/**
 * Asks the wallet for a batch's status (`getCallsStatus`) until it is no longer pending — included (200) or failed —
 * every `pollingInterval` ms on the kernel's clock, for at most `timeout` ms, then `REQUEST_TIMEOUT` (docs/behaviour.md,
 * "EIP-5792"). A smart account's batch is one user operation: pending until a bundler includes it.
 */
export async function waitForCallsStatus(latch: Kernel, { id, pollingInterval = 1_000, timeout = 60_000 }: WaitForCallsStatusParameters): Promise<GetCallsStatusReturnType> {
  const { scheduler } = latch.ports
  const deadline = scheduler.now() + timeout
  for (;;) {
    const status = await getCallsStatus(latch, { id })
    if (status.status !== 'pending') return status
    if (scheduler.now() + pollingInterval > deadline) throw new LatchError('REQUEST_TIMEOUT', { details: `wallet_getCallsStatus: batch ${id} still pending after ${timeout} ms` })
    await new Promise<void>((resolve) => scheduler.schedule(() => resolve(), pollingInterval))
  }
}
