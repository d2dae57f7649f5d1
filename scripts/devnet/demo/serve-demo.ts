import { curatedWallets } from '../../../plugins/api/registry'
import { bitcoinRegtest } from '../../../plugins/bip122/networks'
import { solanaCaipNetworkIds } from '../../../plugins/solana/networks'
import { startStaticServer, strictCsp, type RequestHandler } from '../serve'
import { siwxBackend, type SiwxBackend } from '../siwx-backend'
import { startStack, type Stack } from '../stack'
import { solanaDevFunds } from '../solana'
import { buildDemo } from './build'

/** The demo on the local stack: two anvils, the provider API, the local Solana network, the dev wallets and the demo dapp. */
export type DemoServer = {
  url: string
  stack: Stack
  /** The sign-in backend's routes on the demo's own origin (`{url}/api/siwx`: docs/siwx.md, "Server mode"). */
  siwx: { url: string; backend: SiwxBackend }
  /** The Content-Security-Policy on every response of the demo's server. */
  csp: string
  /** The embedded wallet's frame URL and dev inbox, when the demo has the e-mail login (`startDemo({ embedded: true })`). */
  embedded?: { frameUrl: string; inboxUrl: string }
  stop(): Promise<void>
}

/**
 * The demo's policy: strictCsp reaching only its own origin (the sign-in backend), this stack's anvils and
 * provider API. Its wallet listings carry data: images (the curated registry draws them), so img-src needs no server.
 * With the embedded wallet (`embeddedFrame`, the frame's URL), frame-src allows the wallet service's origin, and only it.
 */
export function demoStackCsp(
  stack: {
    chains: readonly { url: string }[]
    api: { url: string }
    solana?: { url: string; wsUrl: string }
    walletConnect?: { relayUrl: string }
  },
  embeddedFrame?: string,
): string {
  const solana = stack.solana ? [stack.solana.url, stack.solana.wsUrl] : []
  const relay = stack.walletConnect ? [stack.walletConnect.relayUrl] : []
  return strictCsp({
    connect: ["'self'", ...[...[...stack.chains, stack.api].map(({ url }) => url), ...solana, ...relay].map((url) => new URL(url).origin)],
    frame: embeddedFrame ? [new URL(embeddedFrame).origin] : [],
  })
}

/**
 * The demo's sign-in backend (scripts/devnet/siwx-backend.ts) on the demo's origin: this stack's anvils (EVM signatures,
 * contract accounts too, are checked on them), Solana localnet and Bitcoin regtest.
 */
export function demoSiwxBackend(origin: string, stack: { chains: readonly { chainId: number; url: string }[] }): SiwxBackend {
  return siwxBackend({
    origin,
    chains: [...stack.chains.map((chain) => ({ caipNetworkId: `eip155:${chain.chainId}`, rpcUrl: chain.url })), { caipNetworkId: solanaCaipNetworkIds.localnet }, { caipNetworkId: bitcoinRegtest.caipNetworkId }],
  })
}

/**
 * Builds the demo dapp for a fresh local stack and serves it (the dev wallets as /dev-wallet.js and /dev-bitcoin-wallet.js).
 * `react: 'development'` serves it with React's development build, StrictMode on (scripts/devnet/demo/build.ts).
 * `embedded: true` gives the page the embedded wallet's e-mail login (`embeddedWallet({ frameUrl })` on the stack's wallet
 * service, the dev inbox linked; docs/embedded-wallet.md): `npm start` has it; the tests that do not exercise it leave it
 * out, so their Connect view and requests stay as they were. `walletClock`: the wallet service's clock (scripts/devnet/stack.ts).
 */
export async function startDemo(
  options: { themeMode?: 'light' | 'dark' | 'system'; react?: 'production' | 'development'; embedded?: boolean; walletClock?: () => number } = {},
): Promise<DemoServer> {
  const stack = await startStack({ wallets: [...curatedWallets], walletClock: options.walletClock })
  // The wallet service serves the frame app at its root (docs/wallet-service.md, WALLET_FRAME_DIR).
  const embedded = options.embedded ? { frameUrl: `${stack.wallet.url}/`, inboxUrl: stack.wallet.inboxUrl } : undefined
  const files = await buildDemo({
    chains: stack.chains.map((chain) => ({ chainId: chain.chainId, name: chain.name, rpcUrl: chain.url, ensUniversalResolver: stack.ens.contracts.universalResolver })),
    api: { url: stack.api.url, projectId: stack.api.projectId },
    tokens: stack.chains.flatMap((chain) => stack.tokens.map((token) => ({ chainId: chain.chainId, address: token.address }))),
    solana: { rpcUrl: stack.solana.url, wsUrl: stack.solana.wsUrl, mint: stack.solana.mint, token: { symbol: solanaDevFunds.demoToken.symbol, name: solanaDevFunds.demoToken.name } },
    bitcoin: { esploraUrl: stack.bitcoin.esploraUrl },
    walletConnect: { relayUrl: stack.walletConnect.relayUrl },
    embedded,
    themeMode: options.themeMode,
  }, { react: options.react })
  const csp = demoStackCsp(stack, embedded?.frameUrl)
  const script = (body: string) => ({ body, type: 'text/javascript; charset=utf-8' })
  // The backend needs the origin, known once the server listens: handlers are read on each request.
  const handlers: RequestHandler[] = []
  const server = await startStaticServer({
    files: { ...files, '/dev-wallet.js': script(stack.devWalletJs), '/solana-dev-wallet.js': script(stack.solana.devWalletJs), '/dev-bitcoin-wallet.js': script(stack.bitcoin.devWalletJs) },
    csp,
    handlers,
  })
  const backend = demoSiwxBackend(server.url, stack)
  handlers.push(backend.handle)
  return {
    url: server.url,
    stack,
    siwx: { url: `${server.url}/api/siwx`, backend },
    csp,
    embedded,
    async stop() {
      await server.stop()
      await stack.stop()
    },
  }
}
