/**
 * A static preview page of the modal (bundled by scripts/ui-preview.ts): `?account=1` for a fake connected
 * account, `&theme=light|dark|system`, `&open=connect|account|allwallets|networks|receive` to open the modal at
 * load (scripts/ui-preview.ts opens it by clicking instead), `&wc=1` for a stand-in walletconnect plugin, `&locale=…` (the
 * built-in languages and the pseudo-locale `en-XA`). `&email=account|update|primary|secondary|error` logs the embedded
 * wallet in (its effect left out) and shows Account, or UpdateEmailWallet at that step; `&login=sending|code|error` shows
 * EmailLogin in that state. `&siwx=1` connects the account and opens the sign-in view
 * (SIWXSignMessage) for it with a stand-in siwx plugin; `siwx=signing` and `siwx=failed` show it while the wallet is asked
 * and after a declined signature, `&required=1` makes sign-in required. `&send=1` connects the account, gives it two tokens and
 * opens the Send view, with a stand-in for the EVM plugin's fee answers (scripts/testing/preview-send.ts). `&activity=1` connects
 * the account and opens Activity over a fixed history (a fetch port answers the history route: a trade, an NFT, a pending and a
 * failed transaction); `activity=empty`, `activity=failed` (junk from the provider) and `activity=browser` (no provider API)
 * show its other states.
 * Fake discovered connectors and the api plugin's curated wallet list. Not part of the package.
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import {
  accountBalanceUpdated,
  accountConnected,
  networkSmartAccountNetworksSet,
  connectorsDiscovered,
  createLatch,
  definePlugin,
  modalOpened,
  networkSwitched,
  routerPushed,
  type CaipNetwork,
  type Connector,
} from '../../kernel/index'
import { createTestNetwork } from '../../kernel/testing'
import { api } from '../../plugins/api/index'
import { embeddedApprovalChanged, embeddedFarcasterLogin, embeddedFarcasterUrlShown, embeddedSocialLogin, embeddedSocialPopupChanged, embeddedEmailLogin, embeddedOtp, embeddedEmailUpdate, embeddedEmailUpdatePrimaryOtp, embeddedEmailUpdateSecondaryOtp, embeddedUserChanged, embeddedWallet, frameKeyAttribute, hideFrame } from '../../plugins/embedded/index'
import { siwxSignInFailed, siwxSignInNeeded, siwxSignInRequested } from '../../plugins/siwx/events'
import { ConnectButton, LatchProvider, NetworkButton } from '../../ui/index'
import { defineLocale, pseudoLocaleTag, pseudoMessages } from '../../ui/i18n/public'
import { previewSiwx } from './preview-siwx'
import { previewWalletConnect } from './preview-walletconnect'
import { previewSendWallet } from './preview-send'
import { previewOnramp, previewOnrampPurchase } from './preview-onramp'

const svg = (body: string) => `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">${body}</svg>`)}`

/** A fox-orange tile with a simple fox-ish mark: the one connector with an icon of its own. */
const foxIcon = svg(
  '<rect width="96" height="96" rx="24" fill="#fff4e8"/><path d="M22 26l20 14h12l20-14-6 30 6 14-20 8H42l-20-8 6-14z" fill="#f6851b"/><path d="M42 40h12l-6 18z" fill="#e2761b"/><circle cx="38" cy="56" r="4" fill="#233447"/><circle cx="58" cy="56" r="4" fill="#233447"/>',
)
const coinIcon = svg('<rect width="96" height="96" rx="24" fill="#0052ff"/><circle cx="48" cy="48" r="26" fill="#fff"/><rect x="38" y="38" width="20" height="20" rx="4" fill="#0052ff"/>')
const networkIcon = (color: string, mark: string) => svg(`<circle cx="48" cy="48" r="48" fill="${color}"/><text x="48" y="62" text-anchor="middle" font-family="system-ui,sans-serif" font-size="40" font-weight="700" fill="#fff">${mark}</text>`)

const withIcon = (network: CaipNetwork, imageUrl: string): CaipNetwork => ({ ...network, assets: { imageUrl } })
const networks = [
  withIcon(createTestNetwork('eip155', 1, { name: 'Ethereum', explorer: 'https://explorer.invalid' }), networkIcon('#627eea', 'Ξ')),
  withIcon(createTestNetwork('eip155', 10, { name: 'OP Mainnet' }), networkIcon('#ff0420', 'O')),
  withIcon(createTestNetwork('eip155', 8453, { name: 'Base' }), networkIcon('#0052ff', 'B')),
  createTestNetwork('eip155', 42161, { name: 'Arbitrum One' }),
  { ...createTestNetwork('eip155', 11155111, { name: 'Sepolia' }), testnet: true },
]

const connectors: Connector[] = [
  { id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', chain: 'eip155', imageUrl: foxIcon, info: { rdns: 'io.metamask' } },
  { id: 'com.coinbase.wallet', name: 'Coinbase Wallet', type: 'ANNOUNCED', chain: 'eip155', imageUrl: coinIcon, info: { rdns: 'com.coinbase.wallet' } },
  { id: 'rabby', name: 'Rabby Wallet', type: 'INJECTED', chain: 'eip155' },
  { id: 'injected', name: 'Browser Wallet', type: 'INJECTED', chain: 'eip155' },
]

/** The dapp's own icon, as a page would give it in `metadata.icons` (a data: URI: the view shows no third-party image). */
const appIcon = svg('<rect width="96" height="96" rx="24" fill="#14213d"/><path d="M26 60l22-30 22 30z" fill="#fca311"/><circle cx="48" cy="64" r="8" fill="#e5e5e5"/>')

const params = new URLSearchParams(location.search)
const open = params.get('open')
const theme = params.get('theme')
const siwx = params.get('siwx')
const send = params.get('send')
const activity = params.get('activity')
/** `onramp=quotes|estimate|waiting|complete|failed`: the Buy view with the onramp plugin's stand-in effect (scripts/testing/preview-onramp.ts). */
const onrampMode = params.get('onramp')
/**
 * `email=update|primary|secondary|error`: the embedded wallet logged in (its effect left out) and UpdateEmailWallet at that
 * step; `email=account|smart|eoa`: Account (`smart`: the smart account active, `eoa`: the EOA, each with the switch); `email=approve`: ApproveTransaction over a blank stand-in for the wallet's frame (`email=approve-loading`: no frame).
 */
const email = params.get('email')
/** `login=sending|code|error`: the embedded wallet listed (its effect left out) and EmailLogin at that state. */
const login = params.get('login')
/**
 * `social=connect|opening|waiting|closed|blocked|error|farcaster|farcaster-error`: the embedded wallet listed (its effect
 * left out) with its social logins: Connect (its social buttons, "more" opened), ConnectingSocial (Discord) at that state,
 * or ConnectingFarcaster with a sign-in URL (or its error).
 */
const social = params.get('social')
const latch = createLatch({
  networks,
  ...(activity && activity !== 'browser' ? { ports: { fetch: historyFetch(activity) } } : {}),
  plugins: [
    activity && activity !== 'browser' ? api({ baseUrl: location.origin, projectId: 'preview', balances: false }) : api(),
    ...(params.get('wc') === '1' ? [previewWalletConnect] : []),
    ...(siwx ? [previewSiwx({ required: params.get('required') === '1' })] : []),
    ...(send ? [previewSendWallet()] : []),
    ...(onrampMode ? [previewOnramp(onrampMode)] : []),
    ...(email || login || social ? [{ ...embeddedWallet({ frameUrl: 'http://127.0.0.1:9/frame' }), effects: [] }] : []),
    // The preview's wallets never answer (a connecting view stays as it is): the families are claimed, so the kernel
    // does not answer their intents NOT_CONNECTED (docs/plugins.md, "Intents and `request()`").
    definePlugin({ name: 'preview-wallets', namespaces: ['eip155', 'solana', 'bip122'] }),
  ],
  themeMode: theme === 'light' || theme === 'dark' ? theme : 'system',
  metadata: { name: 'Acme Swap', description: 'A host page behind the modal', url: location.origin, icons: [appIcon] },
})
/** The pseudo-locale (docs/i18n.md, "Checking a locale"), as the demo offers it. */
const pseudo = defineLocale({ locale: pseudoLocaleTag, messages: pseudoMessages() })
latch.dispatch(connectorsDiscovered({ connectors }))
latch.dispatch({ type: 'walletList/pageRequested', payload: { page: 1 } })

if (email) {
  // `email=smart|eoa`: the embedded wallet's smart account (or its EOA) active on a network with smart accounts.
  const smart = '0x4337000000000000000000000000000000C0FFEE'
  const eoa = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
  const address = email === 'smart' ? smart : eoa
  const typed = email === 'smart' || email === 'eoa'
  const accounts = email === 'smart' ? [{ address: smart, type: 'smartAccount' as const }, { address: eoa, type: 'eoa' as const }] : [{ address: eoa, type: 'eoa' as const }, { address: smart, type: 'smartAccount' as const }]
  latch.dispatch(embeddedUserChanged({ user: { email: 'satoshi.nakamoto.the.visitor@example.com', addresses: { eip155: address }, ...(typed ? { accounts, preferredAccountType: accounts[0]!.type } : {}) } }))
  latch.dispatch(accountConnected({ caipAddress: `eip155:1:${address}`, connectorId: 'AUTH', ...(typed ? { accounts } : {}) }, { ns: 'eip155' }))
  if (typed) latch.dispatch(networkSmartAccountNetworksSet({ chainIds: [1] }, { ns: 'eip155' }))
  latch.dispatch(networkSwitched({ caipNetworkId: 'eip155:1' }, { ns: 'eip155' }))
  latch.dispatch(accountBalanceUpdated({ balance: '0.5', symbol: 'ETH' }, { ns: 'eip155' }))
}

if (params.get('account') === '1' || siwx || send || activity || onrampMode) {
  const address = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
  latch.dispatch(accountConnected({ caipAddress: `eip155:1:${address}`, connectorId: 'io.metamask' }, { ns: 'eip155' }))
  latch.dispatch(networkSwitched({ caipNetworkId: 'eip155:1' }, { ns: 'eip155' }))
  latch.dispatch(accountBalanceUpdated({ balance: '2.718281828', symbol: 'ETH' }, { ns: 'eip155' }))
  if (send) {
    const token = (symbol: string, name: string, address: string, numeric: string) => ({ name, symbol, chainId: 'eip155:1', address, quantity: { decimals: '6', numeric } })
    const balances = [token('USDC', 'USD Coin', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', '1250.5'), token('USDT', 'Tether USD', '0xdAC17F958D2ee523a2206206994597C13D831ec7', '42')]
    latch.dispatch({ type: 'balance/tokensSucceeded', ns: 'eip155', payload: { caipAddress: `eip155:1:${address}`, balances } })
  }
}

function Page() {
  return (
    <div className="page">
      <header className="bar">
        <strong className="brand">Acme Swap</strong>
        <nav>
          <NetworkButton />
          <ConnectButton />
        </nav>
      </header>
      <main className="hero">
        <h1>Trade anything, instantly.</h1>
        <p>A host page behind the modal: its CSS cannot reach the modal inside the shadow root.</p>
      </main>
    </div>
  )
}

const root = document.getElementById('root')
if (root) {
  // Under StrictMode, as an app's dev server renders it (a no-op in this production build: docs/react.md, "StrictMode").
  createRoot(root).render(
    <StrictMode>
      <LatchProvider latch={latch} locale={params.get('locale') ?? undefined} locales={[pseudo]}>
        <Page />
      </LatchProvider>
    </StrictMode>,
  )
  if (open) {
    latch.dispatch(modalOpened({}))
    if (open === 'allwallets') latch.dispatch(routerPushed({ view: { name: 'AllWallets' } }))
    if (open === 'networks') latch.dispatch(routerPushed({ view: { name: 'Networks' } }))
    if (open === 'receive') latch.dispatch(routerPushed({ view: { name: 'Receive' } }))
  }
  if (send) {
    latch.dispatch(modalOpened({ view: { name: 'Account' } }))
    latch.dispatch(routerPushed({ view: { name: 'Send' } }))
  }
  if (activity) latch.dispatch(modalOpened({ view: { name: 'Activity' } }))
  if (onrampMode) {
    latch.dispatch(modalOpened({ view: { name: 'Account' } }))
    if (['waiting', 'complete', 'failed'].includes(onrampMode)) for (const event of previewOnrampPurchase(onrampMode)) latch.dispatch(event)
    latch.dispatch(routerPushed({ view: { name: 'OnRamp' } }))
  }
  if (login) {
    latch.dispatch(modalOpened({}))
    latch.dispatch(embeddedEmailLogin.requested({ email: 'visitor@example.com' }, { requestId: 'preview-login' }))
    latch.dispatch(routerPushed({ view: { name: 'EmailLogin' } }))
    if (login !== 'sending') latch.dispatch(embeddedEmailLogin.succeeded({ action: 'VERIFY_OTP', resendAt: latch.ports.scheduler.now() + 30_000 }, { requestId: 'preview-login' }))
    if (login === 'error') {
      latch.dispatch(embeddedOtp.requested({ otp: '000000' }, { requestId: 'preview-otp' }))
      latch.dispatch(embeddedOtp.failed({ error: { code: 'FRAME_ERROR', shortMessage: 'Invalid code' } }, { requestId: 'preview-otp' }))
    }
  }
  if (social) {
    latch.dispatch(connectorsDiscovered({ connectors: [{ id: 'AUTH', name: 'Email', type: 'AUTH', chain: 'eip155' }] }))
    latch.dispatch(modalOpened({}))
    const failure = (shortMessage: string) => ({ error: { code: 'FRAME_ERROR' as const, shortMessage } })
    if (social.startsWith('farcaster')) {
      latch.dispatch(routerPushed({ view: { name: 'ConnectingFarcaster' } }))
      latch.dispatch(embeddedFarcasterLogin.requested({}, { requestId: 'preview-fc' }))
      if (social === 'farcaster-error') latch.dispatch(embeddedFarcasterLogin.failed({ error: { code: 'REQUEST_TIMEOUT', shortMessage: 'Something went wrong', messageId: 'GENERIC' } }, { requestId: 'preview-fc' }))
      // The view asks for the URL as it mounts (watchFarcasterUrl): answered as the plugin would.
      else latch.events$.subscribe((event) => {
        if (event.type === 'embedded/farcasterUrlWanted') queueMicrotask(() => latch.dispatch(embeddedFarcasterUrlShown({ url: 'farcaster://connect?channelToken=preview-0000-1111-2222&nonce=preview' })))
      })
    } else if (social !== 'connect') {
      latch.dispatch(routerPushed({ view: { name: 'ConnectingSocial', payload: { name: 'Discord' } } }))
      latch.dispatch(embeddedSocialLogin.requested({ provider: 'discord' }, { requestId: 'preview-social' }))
      if (social === 'waiting' || social === 'closed') latch.dispatch(embeddedSocialPopupChanged({ status: 'waiting' }))
      if (social === 'closed') latch.dispatch(embeddedSocialPopupChanged({ status: 'windowClosed' }))
      if (social === 'blocked') latch.dispatch(embeddedSocialLogin.failed({ error: { code: 'POPUP_BLOCKED', shortMessage: 'The popup window was blocked' } }, { requestId: 'preview-social' }))
      if (social === 'error') latch.dispatch(embeddedSocialLogin.failed(failure('The login was cancelled at the provider'), { requestId: 'preview-social' }))
    }
  }
  if (email === 'approve' || email === 'approve-loading') {
    if (email === 'approve') {
      // A blank stand-in for the wallet's frame, marked as the channel marks it and hidden as the channel hides it.
      const frame = document.createElement('iframe')
      frame.title = 'Latch embedded wallet'
      frame.setAttribute(frameKeyAttribute, 'preview-frame')
      frame.setAttribute('data-latch-keep-interactive', '')
      hideFrame(frame)
      document.body.appendChild(frame)
    }
    latch.dispatch(embeddedApprovalChanged({ approval: { ns: 'eip155', method: 'personal_sign', frame: 'preview-frame' } }))
    latch.dispatch(modalOpened({ view: { name: 'ApproveTransaction' } }))
  } else if (email) {
    latch.dispatch(modalOpened({ view: { name: 'Account' } }))
    const onAccount = email === 'account' || email === 'smart' || email === 'eoa'
    if (!onAccount) latch.dispatch(routerPushed({ view: { name: 'UpdateEmailWallet' } }))
    const resendAt = latch.ports.scheduler.now() + 30_000
    if (email !== 'update' && !onAccount) {
      latch.dispatch(embeddedEmailUpdate.requested({ email: 'new.address@example.com' }, { requestId: 'preview-1' }))
      latch.dispatch(embeddedEmailUpdate.succeeded({ action: 'VERIFY_PRIMARY_OTP', resendAt }, { requestId: 'preview-1' }))
    }
    if (email === 'secondary' || email === 'error') {
      latch.dispatch(embeddedEmailUpdatePrimaryOtp.requested({ otp: '314159' }, { requestId: 'preview-2' }))
      latch.dispatch(embeddedEmailUpdatePrimaryOtp.succeeded({}, { requestId: 'preview-2' }))
    }
    if (email === 'error') {
      latch.dispatch(embeddedEmailUpdateSecondaryOtp.requested({ otp: '000000' }, { requestId: 'preview-3' }))
      latch.dispatch(embeddedEmailUpdateSecondaryOtp.failed({ error: { code: 'FRAME_ERROR', shortMessage: 'Invalid code' } }, { requestId: 'preview-3' }))
    }
  }
  if (siwx) {
    // As the siwx plugin does once an account connects without a session (docs/siwx.md).
    const state = latch.getState()
    const address = state.chains.eip155.account.caipAddress?.split(':')[2] ?? ''
    latch.dispatch(siwxSignInNeeded({ account: { ns: 'eip155', address, chainId: 'eip155:1' } }))
    latch.dispatch(modalOpened({ view: { name: 'SIWXSignMessage' } }))
    if (siwx === 'signing' || siwx === 'failed') latch.dispatch(siwxSignInRequested({}))
    if (siwx === 'failed') latch.dispatch(siwxSignInFailed({ error: { code: 'SIGNATURE_DECLINED', shortMessage: 'Signature declined' } }))
  }
}
Object.defineProperty(window, 'latchPreview', { value: latch })

/** A fetch port for the preview: the history route answers a fixed history (dated from today), every other route 404. */
function historyFetch(mode: string): typeof fetch {
  const me = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
  const peer = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
  const dex = '0xE592427A0AEce92De3Edee1F18E0157C05861564'
  const day = 86_400_000
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day).toISOString()
  const tx = (id: string, daysAgo: number, operationType: string, status: string, sentTo: string, transfers: unknown[], sentFrom = me) => ({
    id,
    metadata: { minedAt: at(daysAgo), chain: 'eip155:1', status, operationType, sentFrom, sentTo },
    transfers,
  })
  const eth = (direction: string, numeric: string) => ({ fungible_info: { name: 'Ether', symbol: 'ETH' }, direction, quantity: { numeric } })
  const history = [
    tx('0x01', 0, 'send', 'pending', peer, [eth('out', '0.125')]),
    tx('0x02', 2, 'trade', 'confirmed', dex, [eth('out', '0.5'), { fungible_info: { symbol: 'USDC' }, direction: 'in', quantity: { numeric: '1523.42' } }]),
    tx('0x03', 9, 'receive', 'confirmed', me, [{ nft_info: { name: 'Latch Pass #42', flags: { is_spam: false } }, direction: 'in', quantity: { numeric: '1' } }], peer),
    tx('0x04', 9, 'receive', 'confirmed', me, [{ nft_info: { name: 'FREE AIRDROP', flags: { is_spam: true } }, direction: 'in', quantity: { numeric: '1' } }], dex),
    tx('0x05', 33, 'approve', 'confirmed', dex, []),
    tx('0x06', 40, 'execute', 'failed', dex, []),
    tx('0x07', 61, 'receive', 'confirmed', me, [eth('in', '2.5')], peer),
    tx('0x08', 400, 'mint', 'confirmed', me, [{ fungible_info: { symbol: 'DEMO' }, direction: 'in', quantity: { numeric: '100' } }], dex),
  ]
  return async (input) => {
    const url = new URL(String(input))
    if (!url.pathname.endsWith('/history')) return new Response('{"message":"no route"}', { status: 404 })
    if (mode === 'failed') return new Response('<html>junk</html>', { status: 200 })
    return new Response(JSON.stringify({ data: mode === 'empty' ? [] : history, next: null }), { status: 200, headers: { 'content-type': 'application/json' } })
  }
}
