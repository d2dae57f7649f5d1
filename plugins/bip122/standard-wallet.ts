import { LatchError, type CaipNetworkId } from '../../kernel/index'
import { sameAddress } from '../../kernel/rules/connections'
import { fromBase64, toBase64 } from './encoding'
import { bitcoinWalletErrorCodes, WalletAnswerError } from './errors'
import { caipNetworkIdOfStandardChain, knownBitcoinNetworks } from './networks'
import { hex } from './psbt'
import type { StandardAccount, StandardWallet } from './registry'
import type { Purpose, RawAccounts, RawWallet } from './wallet-types'

/**
 * A wallet-standard Bitcoin wallet (docs/bitcoin.md, "Wallets"): `bitcoin:connect`, `bitcoin:signMessage`,
 * `bitcoin:signTransaction`, `standard:events` and `standard:disconnect`. It has no transfer and no network switch.
 */
export function standardWallet(wallet: StandardWallet): RawWallet {
  const feature = <T>(name: string, method: string): T => {
    const value = (wallet.features[name] as Record<string, unknown> | undefined)?.[method]
    if (typeof value !== 'function') throw new WalletAnswerError(bitcoinWalletErrorCodes.methodNotSupported, `the wallet lacks ${name}`)
    return (value as (...args: unknown[]) => unknown).bind(wallet.features[name]) as T
  }
  const toRaw = (accounts: readonly StandardAccount[], purposes: readonly Purpose[]): RawAccounts => {
    const chain = accounts.flatMap((account) => account.chains ?? []).find((c) => c.startsWith('bitcoin:'))
    const caipNetworkId = chain ? caipNetworkIdOfStandardChain(chain) : undefined
    const addresses = accounts.map((account, i) => ({
      address: account.address,
      ...(account.publicKey instanceof Uint8Array ? { publicKey: hex(account.publicKey) } : {}),
      // The standard returns accounts in the order of the purposes asked; Bitcoin wallets also name each account's purpose.
      purpose: account.purpose === 'payment' || account.purpose === 'ordinals' ? account.purpose : purposes[i],
    }))
    return { addresses, ...(caipNetworkId ? { caipNetworkId } : {}) }
  }
  const accountOf = (address: string): StandardAccount => {
    const account = wallet.accounts.find((candidate) => sameAddress(candidate.address, address))
    if (!account) throw new LatchError('INVALID_PARAMS', { details: `the wallet holds no account ${address}` })
    return account
  }
  const unsupported = (what: string) => Promise.reject(new WalletAnswerError(bitcoinWalletErrorCodes.methodNotSupported, `the wallet standard has no ${what}`))

  return {
    async connect(purposes) {
      const connect = feature<(input: { purposes: Purpose[] }) => Promise<{ accounts: readonly StandardAccount[] }>>('bitcoin:connect', 'connect')
      return toRaw((await connect({ purposes: [...purposes] })).accounts, purposes)
    },
    async account() {
      if (wallet.accounts.length === 0) throw new WalletAnswerError(bitcoinWalletErrorCodes.accessDenied, 'the wallet has not authorised this site')
      return toRaw(wallet.accounts, ['payment', 'ordinals'])
    },
    async addresses(purposes) {
      return toRaw(wallet.accounts, purposes)
    },
    async signMessage({ address, message }) {
      const sign = feature<(...inputs: unknown[]) => Promise<readonly { signature: Uint8Array }[]>>('bitcoin:signMessage', 'signMessage')
      const [output] = await sign({ account: accountOf(address), message: new TextEncoder().encode(message) })
      if (!(output?.signature instanceof Uint8Array)) throw new LatchError('INVALID_RESPONSE', { details: 'bitcoin:signMessage answered no signature bytes' })
      return { signature: toBase64(output.signature), address }
    },
    async signPsbt({ psbt, signInputs, broadcast }, caipNetworkId: CaipNetworkId) {
      if (broadcast) return unsupported('broadcast of a signed PSBT')
      const sign = feature<(...inputs: unknown[]) => Promise<readonly { signedPsbt: Uint8Array }[]>>('bitcoin:signTransaction', 'signTransaction')
      const inputsToSign = Object.entries(signInputs).map(([address, signingIndexes]) => ({ account: accountOf(address), signingIndexes }))
      const chain = knownBitcoinNetworks[caipNetworkId]?.standardChain ?? 'bitcoin:mainnet'
      const [output] = await sign({ psbt: fromBase64(psbt), inputsToSign, chain })
      if (!(output?.signedPsbt instanceof Uint8Array)) throw new LatchError('INVALID_RESPONSE', { details: 'bitcoin:signTransaction answered no PSBT bytes' })
      return { psbt: toBase64(output.signedPsbt) }
    },
    sendTransfer: () => unsupported('transfer'),
    changeNetwork: () => unsupported('network switch'),
    async disconnect() {
      const features = wallet.features['standard:disconnect'] as { disconnect?: () => Promise<void> } | undefined
      await features?.disconnect?.()
    },
    listen(listener) {
      try {
        const events = wallet.features['standard:events'] as { on?: (event: 'change', listener: (properties: { accounts?: unknown }) => void) => unknown } | undefined
        const off = events?.on?.('change', (properties) => {
          if (properties && 'accounts' in properties) listener('accountChange')
        })
        return () => {
          if (typeof off === 'function') off()
        }
      } catch {
        return () => {}
      }
    },
  }
}
