/**
 * A wallet-standard Bitcoin wallet over the dev keys, for tests (docs/bitcoin.md, "Wallets"): `bitcoin:connect`,
 * `bitcoin:signMessage` (BIP-322), `bitcoin:signTransaction`, `standard:events` and `standard:disconnect`, on
 * regtest. Register it with `registerWallet` from @wallet-standard/wallet.
 */
import { base64, hex } from '@scure/base'
import { devBitcoinAccounts, type DevBitcoinAccount } from './keys'
import { signBip322, signPsbtInputs } from './sign'

type Account = { address: string; publicKey: Uint8Array; chains: readonly string[]; features: readonly string[]; purpose: 'payment' | 'ordinals' }

/** The wallet object, and hooks to reject its next request or see what it was asked. */
export function createStandardBitcoinWallet(options: { name?: string } = {}) {
  const keys = devBitcoinAccounts()
  const byPurpose = { payment: keys.find((k) => k.addressType === 'p2wpkh')!, ordinals: keys.find((k) => k.addressType === 'p2tr')! }
  const toAccount = (key: DevBitcoinAccount): Account => ({ address: key.address, publicKey: hex.decode(key.publicKey), chains: ['bitcoin:regtest'], features: [], purpose: key.purpose })
  let authorised: Account[] = []
  const listeners = new Set<(properties: { accounts?: readonly Account[] }) => void>()
  const asked: string[] = []
  let rejectNext = false
  const gate = (what: string) => {
    asked.push(what)
    if (rejectNext) {
      rejectNext = false
      throw Object.assign(new Error('User rejected the request'), { code: 4001 })
    }
  }
  const keyOf = (address: string) => keys.find((k) => k.address === address)!
  const wallet = {
    version: '1.0.0' as const,
    name: options.name ?? 'Standard Bitcoin',
    icon: 'data:image/svg+xml;base64,PHN2Zy8+' as const,
    chains: ['bitcoin:regtest'] as const,
    get accounts() {
      return authorised
    },
    features: {
      'bitcoin:connect': {
        version: '1.0.0',
        async connect({ purposes }: { purposes: ('payment' | 'ordinals')[] }) {
          gate('connect')
          authorised = purposes.map((purpose) => toAccount(byPurpose[purpose]))
          for (const listener of listeners) listener({ accounts: authorised })
          return { accounts: authorised }
        },
      },
      'bitcoin:signMessage': {
        version: '1.0.0',
        async signMessage(...inputs: { account: Account; message: Uint8Array }[]) {
          gate('signMessage')
          return inputs.map(({ account, message }) => ({ signedMessage: message, signature: base64.decode(signBip322(keyOf(account.address), new TextDecoder().decode(message))) }))
        },
      },
      'bitcoin:signTransaction': {
        version: '1.0.0',
        async signTransaction(...inputs: { psbt: Uint8Array; inputsToSign: { account: Account; signingIndexes: number[] }[]; chain: string }[]) {
          gate('signTransaction')
          return inputs.map(({ psbt, inputsToSign }) => {
            const signInputs = Object.fromEntries(inputsToSign.map(({ account, signingIndexes }) => [account.address, signingIndexes]))
            return { signedPsbt: signPsbtInputs(psbt, signInputs, keys).toPSBT() }
          })
        },
      },
      'standard:events': {
        version: '1.0.0',
        on(event: 'change', listener: (properties: { accounts?: readonly Account[] }) => void) {
          listeners.add(listener)
          return () => void listeners.delete(listener)
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        async disconnect() {
          authorised = []
        },
      },
    },
  }
  return {
    wallet,
    asked,
    rejectNext: () => void (rejectNext = true),
    /** How many change listeners the wallet has (Latch listens while connected). */
    listening: () => listeners.size,
    /** The wallet drops the site (as from its own UI): accounts empty, a change event. */
    revoke() {
      authorised = []
      for (const listener of listeners) listener({ accounts: authorised })
    },
  }
}

/** The wallet standard's own registration (dispatches register-wallet, answers app-ready), on the global window. */
export { registerWallet } from '@wallet-standard/wallet'
