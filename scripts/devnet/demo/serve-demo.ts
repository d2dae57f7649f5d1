import { curatedWallets } from '../../../plugins/api/index'
import { demoCsp, startStaticServer } from '../serve'
import { startStack, type Stack } from '../stack'
import { buildDemo } from './build'

/** The demo on the local stack: two anvils, the provider API, the dev wallet and the demo dapp. */
export type DemoServer = { url: string; stack: Stack; stop(): Promise<void> }

// The demo's API serves wallet images from another 127.0.0.1 port.
const csp = demoCsp.replace("img-src 'self' data:", "img-src 'self' data: http://127.0.0.1:*")

/** Builds the demo dapp for a fresh local stack and serves it (the dev wallet as /dev-wallet.js). */
export async function startDemo(options: { themeMode?: 'light' | 'dark' | 'system' } = {}): Promise<DemoServer> {
  const stack = await startStack({ wallets: [...curatedWallets] })
  const files = await buildDemo({
    chains: stack.chains.map((chain) => ({ chainId: chain.chainId, name: chain.name, rpcUrl: chain.url })),
    api: { url: stack.api.url, projectId: stack.api.projectId },
    themeMode: options.themeMode,
  })
  const server = await startStaticServer({ files: { ...files, '/dev-wallet.js': { body: stack.devWalletJs, type: 'text/javascript; charset=utf-8' } }, csp })
  return {
    url: server.url,
    stack,
    async stop() {
      await server.stop()
      await stack.stop()
    },
  }
}
