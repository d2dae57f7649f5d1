import { lazy, StrictMode, Suspense, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { createLatch } from '../../../kernel/index'
import { api } from '../../../plugins/api/index'
import { names } from '../../../plugins/names/index'
import { swap } from '../../../plugins/swap/index'
import { onramp } from '../../../plugins/onramp/index'

import { bip122, bitcoinRegtest } from '../../../plugins/bip122/index'
import { eip155 } from '../../../plugins/eip155/index'
import { embeddedWallet } from '../../../plugins/embedded/index'
import { siwx, siwxServer } from '../../../plugins/siwx/index'
import { solana, solanaLocalnet } from '../../../plugins/solana/index'
import { walletConnect } from '../../../plugins/walletconnect/index'
import { LatchProvider } from '../../../ui/index'
import { defineLocale, pseudoLocaleTag, pseudoMessages } from '../../../ui/i18n/public'
import { App } from './App'
import type { DemoConfig } from './config'
import { demoEvmNetworks } from './networks'

const config: DemoConfig = __LATCH_DEMO_CONFIG__
const query = new URLSearchParams(location.search)
// `?theme=dark` or `?theme=light`: the modal's theme and the page's; without it both follow the system.
const theme = query.get('theme')
if (theme === 'dark' || theme === 'light') document.documentElement.dataset.theme = theme
/** The pseudo-locale: every text accented and 30 % longer (docs/i18n.md, "Checking a locale"), offered like any added language. */
const pseudo = defineLocale({ locale: pseudoLocaleTag, messages: pseudoMessages() })
const locales = [pseudo]
// `?exclude=dev.latch.wallet,…`: wallets to hide (docs/behaviour.md, "Wallet filtering"), for trying the option and for the e2e tests.
const exclude = query.get('exclude')?.split(',').filter(Boolean) ?? []
// `?balances=chain`: token balances read from the chain (Multicall3 over the token list) instead of the provider API.
const fromChain = query.get('balances') === 'chain'

// `?families=eip155`: only these chain families (the EVM-only dapp some tests need); every family by default.
const families = query.get('families')?.split(',') ?? ['eip155', 'solana', 'bip122']
const solanaConfig = families.includes('solana') ? config.solana : undefined
const withBitcoin = config.bitcoin !== undefined && families.includes('bip122')
// Bitcoin regtest on the local ledger: payment and ordinals accounts, the balance from its Esplora routes (docs/bitcoin.md).
const bitcoin = withBitcoin && config.bitcoin ? [bip122({ ordinals: true, esplora: { [bitcoinRegtest.caipNetworkId]: config.bitcoin.esploraUrl } })] : []
// WalletConnect through the local relay, to the stack's dev wallet (its page pairs with a pasted URI); `?wc=off` leaves it out.
const pairing = config.walletConnect && query.get('wc') !== 'off' ? [walletConnect({ projectId: 'latch-demo', relayUrl: config.walletConnect.relayUrl, logLevel: 'error' })] : []
// Sign in with the wallet (docs/siwx.md): `?siwx=server` through the demo's own sign-in backend (its /api/siwx routes,
// a session cookie), `?siwx=browser` with sessions in browser storage; `&required=1` makes signing in a must. Off by default.
const siwxMode = query.get('siwx')
const signIn =
  siwxMode === 'server' || siwxMode === 'browser'
    ? [
        siwx({
          statement: 'Sign in to the Latch demo.',
          required: query.get('required') === '1',
          ...(siwxMode === 'server' ? { server: siwxServer({ url: `${location.origin}/api/siwx` }) } : {}),
        }),
      ]
    : []
// The embedded wallet (docs/embedded-wallet.md): the e-mail field in Connect, its frame on the stack's wallet service; the
// codes land in the dev inbox the page links. `?email=off` leaves it out.
const embedded = config.embedded && query.get('email') !== 'off' ? config.embedded : undefined
const plugins = [
  eip155({ tokens: config.tokens }),
  api(config.api ? { baseUrl: config.api.url, projectId: config.api.projectId, balances: !fromChain } : {}),
  // docs/names.md: 'Choose a name' registers in the local provider API's zone.
  ...(config.api ? [names({ baseUrl: config.api.url, projectId: config.api.projectId, zone: 'latch.id' })] : []),
  // docs/swap.md: swaps on the stack's anvils through the local provider API's Uniswap V2 routes. `?swap=31337` narrows
  // the swap networks (the other anvil then reads 'Network not supported for Swaps').
  ...(config.api ? [swap({ baseUrl: config.api.url, projectId: config.api.projectId, networks: query.get('swap')?.split(',') ?? config.chains.map((chain) => chain.chainId) })] : []),
  // docs/behaviour.md, "Buy (on-ramp)": Buy through the local provider API's on-ramp and its provider simulator.
  ...(config.api ? [onramp({ baseUrl: config.api.url, projectId: config.api.projectId })] : []),

  ...(solanaConfig ? [solana({ tokens: [{ address: solanaConfig.mint, ...solanaConfig.token }] })] : []),
  ...bitcoin,
  ...pairing,
  ...signIn,
  ...(embedded ? [embeddedWallet({ frameUrl: embedded.frameUrl })] : []),
]
const latch = createLatch({
  networks: [
    ...demoEvmNetworks(config.chains),
    ...(solanaConfig ? [solanaLocalnet({ rpcUrl: solanaConfig.rpcUrl })] : []),
    ...(withBitcoin ? [bitcoinRegtest] : []),
  ],
  plugins,
  projectId: config.api?.projectId,
  metadata: { name: 'Latch demo', description: 'A dapp on a local chain', url: location.origin, icons: [] },
  themeMode: theme === 'dark' || theme === 'light' ? theme : (config.themeMode ?? 'system'),
  excludeWalletIds: exclude,
  // A development page: show Latch's warnings (an impostor wallet, a dropped stored value) in the console.
  logLevel: 'warn',
})

// For debugging from the console and for the end-to-end tests: the exported log replays any session.
Object.defineProperty(window, 'latchDemo', { value: { latch, exportLog: () => latch.exportLog() } })

const root = document.getElementById('root')
if (root) {
  // As Vite's and Next.js's dev servers render an app (docs/react.md, "StrictMode"): with React's development build
  // (`npm start`) React mounts, unmounts and mounts every component again; the production build ignores it.
  createRoot(root).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  )
}

// `?devtools`: the in-page timeline (docs/devtools.md), loaded only then: without the flag the page loads none of it.
const Devtools = query.has('devtools') ? lazy(() => import('../../../devtools/index').then((m) => ({ default: m.LatchDevtools }))) : undefined

/** The page: `?locale=fr` picks the language at load; the page's picker changes it at run time, nothing remounts. */
function Root() {
  const [locale, setLocale] = useState(query.get('locale') ?? undefined)
  return (
    <LatchProvider latch={latch} locale={locale} locales={locales}>
      <App locale={locale} onLocale={setLocale} solana={solanaConfig} bitcoin={withBitcoin ? config.bitcoin : undefined} inboxUrl={embedded?.inboxUrl} />
      {Devtools ? (
        <Suspense fallback={null}>
          <Devtools plugins={plugins} />
        </Suspense>
      ) : null}
    </LatchProvider>
  )
}
