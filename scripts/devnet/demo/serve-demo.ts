import { curatedWallets } from '../../../plugins/api/index'
import { startStaticServer, strictCsp } from '../serve'
import { startStack, type Stack } from '../stack'
import { solanaDevFunds } from '../solana'
import { buildDemo } from './build'

/** The demo on the local stack: two anvils, the provider API, the local Solana network, the dev wallets and the demo dapp. */
export type DemoServer = {
  url: string
  stack: Stack
  /** The Content-Security-Policy on every response of the demo's server. */
  csp: string
  stop(): Promise<void>
}

/**
 * The demo's policy: strictCsp reaching only this stack's anvils and provider API. Its wallet listings
 * carry data: images (the curated registry draws them), so img-src needs no server.
 */
export function demoStackCsp(stack: {
  chains: readonly { url: string }[]
  api: { url: string }
  solana?: { url: string; wsUrl: string }
  walletConnect?: { relayUrl: string }
}): string {
  const solana = stack.solana ? [stack.solana.url, stack.solana.wsUrl] : []
  const relay = stack.walletConnect ? [stack.walletConnect.relayUrl] : []
  return strictCsp({ connect: [...[...stack.chains, stack.api].map(({ url }) => url), ...solana, ...relay].map((url) => new URL(url).origin) })
}

/** Builds the demo dapp for a fresh local stack and serves it (the dev wallets as /dev-wallet.js and /dev-bitcoin-wallet.js). */
export async function startDemo(options: { themeMode?: 'light' | 'dark' | 'system' } = {}): Promise<DemoServer> {
  const stack = await startStack({ wallets: [...curatedWallets] })
  const files = await buildDemo({
    chains: stack.chains.map((chain) => ({ chainId: chain.chainId, name: chain.name, rpcUrl: chain.url })),
    api: { url: stack.api.url, projectId: stack.api.projectId },
    tokens: stack.chains.flatMap((chain) => stack.tokens.map((token) => ({ chainId: chain.chainId, address: token.address }))),
    solana: { rpcUrl: stack.solana.url, wsUrl: stack.solana.wsUrl, mint: stack.solana.mint, token: { symbol: solanaDevFunds.demoToken.symbol, name: solanaDevFunds.demoToken.name } },
    bitcoin: { esploraUrl: stack.bitcoin.esploraUrl },
    walletConnect: { relayUrl: stack.walletConnect.relayUrl },
    themeMode: options.themeMode,
  })
  const csp = demoStackCsp(stack)
  const script = (body: string) => ({ body, type: 'text/javascript; charset=utf-8' })
  const server = await startStaticServer({
    files: { ...files, '/dev-wallet.js': script(stack.devWalletJs), '/solana-dev-wallet.js': script(stack.solana.devWalletJs), '/dev-bitcoin-wallet.js': script(stack.bitcoin.devWalletJs) },
    csp,
  })
  return {
    url: server.url,
    stack,
    csp,
    async stop() {
      await server.stop()
      await stack.stop()
    },
  }
}
