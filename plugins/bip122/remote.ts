import type { CaipNetworkId } from '../../kernel/index'
import type { RemoteWallet } from '../../kernel/family/wallets'
import { toBase64 } from '../../kernel/rules/base64'
import type { RawAccounts, RawWallet } from './wallet-types'

/**
 * A connector's remote wallet (a WalletConnect session's Bitcoin part; docs/plugins.md, "The family kit") as the
 * uniform wallet this family calls for sats-connect and wallet-standard wallets, its calls sent as the standard remote
 * Bitcoin methods (docs/walletconnect.md, "Requests"): `signMessage` (the protocol in lower case; a hex signature read
 * as base64), `signPsbt` (its inputs as a list), `sendTransfer` (one recipient, the amount as a string). The accounts
 * are the session's, all payment accounts; a network change follows the connector's rules. `sender()` is the address
 * the family's calls come from (the active one). The plugin checks every answer as it checks any wallet's.
 */
export function remoteBitcoinWallet(remote: RemoteWallet, sender: () => string): RawWallet {
  const accounts = (caipNetworkId?: CaipNetworkId): RawAccounts => {
    const held = remote.accounts.filter((caip) => caipNetworkId === undefined || caip.startsWith(`${caipNetworkId}:`))
    const [namespace, reference] = (held[0] ?? '').split(':')
    return { addresses: held.map((caip) => ({ address: caip.split(':')[2], purpose: 'payment' })), ...(namespace && reference ? { caipNetworkId: `${namespace}:${reference}` as CaipNetworkId } : {}) }
  }
  let network: CaipNetworkId | undefined
  return {
    connect: async (_purposes, caipNetworkId) => accounts(caipNetworkId),
    account: async () => accounts(network),
    addresses: async () => accounts(network),
    async signMessage({ address, message, protocol }) {
      const answer = await remote.request('signMessage', { account: address, address, message, protocol: protocol.toLowerCase() })
      const signature = field(answer, 'signature')
      return { ...(answer as object), signature: typeof signature === 'string' ? hexToBase64(signature) : signature }
    },
    signPsbt: ({ psbt, signInputs, broadcast }) =>
      remote.request('signPsbt', {
        account: sender(),
        psbt,
        signInputs: Object.entries(signInputs).flatMap(([address, indexes]) => indexes.map((index) => ({ address, index }))),
        broadcast,
      }),
    async sendTransfer({ recipients }) {
      const [recipient, ...more] = recipients
      if (!recipient || more.length > 0) throw Object.assign(new Error('a transfer through WalletConnect has one recipient'), { code: -32602 })
      return remote.request('sendTransfer', { account: sender(), recipientAddress: recipient.address, amount: String(recipient.amount) })
    },
    async changeNetwork(caipNetworkId) {
      await remote.switchChain(caipNetworkId)
      network = caipNetworkId
    },
    disconnect: () => remote.disconnect(),
    // The connector follows the session's events itself (docs/walletconnect.md, "Sessions").
    listen: () => () => undefined,
  }
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined
}

/** A message signature as the family reads it: base64 (hex, as WalletConnect's spec answers, converted). */
function hexToBase64(signature: string): string {
  // A base64 signature (65 bytes or a BIP-322 witness) all of hex digits is vanishingly unlikely: hex is read as hex.
  if (!/^([0-9a-fA-F]{2})+$/.test(signature)) return signature
  return toBase64(new Uint8Array(signature.match(/../g)?.map((pair) => Number.parseInt(pair, 16)) ?? []))
}
