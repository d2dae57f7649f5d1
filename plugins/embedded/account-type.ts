import type { CaipAddress, Kernel } from '../../kernel/index'
import { embeddedAccountType } from './events'
import type { FrameAccountType } from './fields'

/**
 * Switches the embedded wallet's EVM account to its smart account or its EOA (docs/embedded-wallet.md, "Account
 * types"): the frame is told (`SET_PREFERRED_ACCOUNT`), the connection's address follows its answer and the choice is
 * stored (`preferredAccountTypes`). On a network without smart accounts the frame answers its EOA. Fails
 * `ACCOUNT_TYPE_SWITCH_FAILED` when the frame does not take it: the EOA is then in use, and the stored preference says
 * `eoa`.
 */
export function setPreferredAccountType(latch: Kernel, { ns, type }: { ns: 'eip155'; type: FrameAccountType }): Promise<{ caipAddress: CaipAddress; type: FrameAccountType }> {
  return latch.request(embeddedAccountType.requested({ ns, type }))
}
