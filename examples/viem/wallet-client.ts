/**
 * viem on Latch's EVM connection (docs/viem.md): a WalletClient whose transport is `eip155Provider(latch)`,
 * so it talks to whichever wallet the visitor connected in Latch's modal and every request is logged;
 * a PublicClient on your own RPC URL for reads.
 */
import { selectEip155Address, eip155Provider } from 'latch/plugins/eip155'
import type { Latch } from 'latch'
import { createPublicClient, createWalletClient, custom, http, type Address, type Chain, type Hex } from 'viem'

/** A viem WalletClient for the connected EVM account; throws when no EVM wallet is connected. */
export function latchWalletClient(latch: Latch, chain: Chain) {
  const account = selectEip155Address(latch.getState())
  if (!account) throw new Error('connect a wallet first (the modal, or connect(latch, { connectorId, ns: "eip155" }))')
  return createWalletClient({ account, chain, transport: custom(eip155Provider(latch)) })
}

/** Signs a message with the connected wallet, sends `value` wei to `to`, and waits for the receipt on your RPC. */
export async function signAndPay(latch: Latch, chain: Chain, { to, value, rpcUrl }: { to: Address; value: bigint; rpcUrl: string }) {
  const wallet = latchWalletClient(latch, chain)
  const reader = createPublicClient({ chain, transport: http(rpcUrl) })
  const signature: Hex = await wallet.signMessage({ message: `Pay ${value} wei to ${to}` })
  const hash = await wallet.sendTransaction({ to, value })
  const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  return { signature, hash, status: receipt.status }
}
