/**
 * The documented examples, as a dapp writes them (README.md, docs/react.md, docs/i18n.md, docs/wagmi.md,
 * docs/walletconnect.md, docs/solana.md, docs/bitcoin.md, docs/siwx.md, docs/embedded-wallet.md; docs/wagmi.md's in wagmi-app.tsx). scripts/package/strict-types.test.ts
 * typechecks them from the packed tarball under the strictest settings with no @types/node; tsconfig.json checks them
 * against the sources. A line marked @ts-expect-error is a mistake the types must refuse.
 */
import { createLatch, sendTransaction, signMessage } from 'latch'
import { bip122, bitcoin, bitcoinTestnet } from 'latch/plugins/bip122'
import { api } from 'latch/plugins/api'
import { eip155, fromViemChain } from 'latch/plugins/eip155'
import { embeddedWallet, selectEmbedded } from 'latch/plugins/embedded'
import { siwx } from 'latch/plugins/siwx'
import { solana, solanaDevnet, solanaMainnet } from 'latch/plugins/solana'
import { walletConnect } from 'latch/plugins/walletconnect'
import { checkLocale, englishMessages, type Messages } from 'latch/i18n'
import fr from 'latch/locales/fr'
import { ConnectButton, defineLocale, LatchProvider, useLatchAccount, useLatchBalance, useLatchSignMessage, useLatchTranslate } from 'latch/react'
import type { Address, Hex } from 'viem'
import { base, mainnet } from 'viem/chains'

// README.md: the example, with the typed verbs and a viem chain given as it is.
export const latch = createLatch({
  networks: [fromViemChain(mainnet), fromViemChain(base)],
  plugins: [eip155(), api()],
  metadata: { name: 'My dapp', description: 'A dapp', url: 'https://my.dapp', icons: [] },
  themeMode: 'system',
})

export async function sign(message: string): Promise<Hex> {
  const { signature } = await signMessage(latch, { message, ns: 'eip155' })
  return signature
}

export async function send(to: Address): Promise<Hex> {
  const { hash } = await sendTransaction(latch, { to, value: 1n, ns: 'eip155' })
  return hash
}

// docs/walletconnect.md, docs/solana.md, docs/bitcoin.md, docs/siwx.md: the plugins together.
export const everyFamily = createLatch({
  projectId: 'your-project-id',
  networks: [mainnet, solanaMainnet({ rpcUrls: ['https://your-rpc.example/'] }), solanaDevnet(), bitcoin, bitcoinTestnet],
  plugins: [
    eip155(),
    solana(),
    bip122({ esplora: { [bitcoin.caipNetworkId]: 'https://your-esplora.example/api' } }),
    walletConnect({ projectId: 'your-project-id' }),
    siwx({ statement: 'Sign in to Example.' }),
  ],
})

// docs/embedded-wallet.md, "The plugin": the e-mail login beside the EVM plugin, its slice read through selectEmbedded.
export const withEmail = createLatch({ networks: [mainnet], plugins: [eip155(), embeddedWallet({ frameUrl: 'https://wallet.example.com/' })] })
export const loggedInEmail: string | undefined = selectEmbedded(withEmail.getState())?.user?.email
// @ts-expect-error frameUrl is required
export const noFrame = embeddedWallet({})

// docs/react.md, "Verb hooks".
export function Sign() {
  const { signMessage, data, error, isPending } = useLatchSignMessage()
  return (
    <>
      <button disabled={isPending} onClick={() => signMessage({ message: 'Hello' })}>Sign</button>
      {data && <code>{data}</code>}
      {error && <p role="alert">{error.shortMessage}</p>}
    </>
  )
}

export function Balance() {
  const { address } = useLatchAccount()
  const { data } = useLatchBalance()
  const t = useLatchTranslate()
  return <p>{address ? `${data?.formatted ?? '…'} ${data?.symbol ?? ''}` : t('button.connect')}</p>
}

// docs/i18n.md: choosing the language, a catalogue in the bundle, your wording, a language of your own.
const it = defineLocale({
  locale: 'it',
  // A complete catalogue: TypeScript names any id that is missing. (`.js`: nodenext wants the extension; a bundler takes either.)
  messages: () => import('./latch-it.js').then((m) => m.default),
})

export const Languages = () => (
  <>
    <LatchProvider latch={latch} locale="fr">…</LatchProvider>
    <LatchProvider latch={latch} locale="fr" locales={[{ locale: 'fr', messages: fr }]} />
    <LatchProvider latch={latch} messages={{ en: { 'button.connect': 'Sign in' }, fr: { 'button.connect': 'Se connecter' } }} />
    <LatchProvider latch={latch} locales={[it]}>
      <ConnectButton />
    </LatchProvider>
  </>
)

export const complete: string[] = checkLocale('it', { ...englishMessages(), 'button.connect': 'Connetti' })

// englishMessages() extended: every id is English's, every text a string.
export const italian: Messages = { ...englishMessages(), 'button.connect': 'Connetti un portafoglio' }
// @ts-expect-error an id English does not have
export const unknownId: Messages = { ...englishMessages(), 'button.nonexistent': 'x' }
// @ts-expect-error a text that is not a string
export const notText = { ...englishMessages(), 'button.connect': 42 } satisfies Messages
// @ts-expect-error a catalogue with ids missing is not a complete locale
export const incomplete = defineLocale({ locale: 'it', messages: { 'button.connect': 'Connetti' } })
