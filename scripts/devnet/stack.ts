/**
 * The local stack: two anvil chains, the local wallet-provider API (with a regtest Bitcoin ledger behind its Esplora
 * routes), the local Solana network, and the dev wallets built for them (EVM, Solana through the wallet standard, and
 * Bitcoin through the sats-connect provider protocol), plus a development WalletConnect relay with a dev wallet on
 * the real sign-client and its pairing page (docs/walletconnect.md), Uniswap V2 with pools for the demo tokens on both anvils
 * behind the API's swap routes (docs/behaviour.md, "The swap routes"), and the embedded wallet's service with its dev inbox,
 * Farcaster login on the first anvil's ID registry and the local Farcaster app (docs/wallet-service.md), and smart accounts
 * on the first anvil: EntryPoint v0.8 with Latch's account factory and paymaster, the alto bundler and the paymaster
 * service (docs/wallet-service.md, "Bundler and paymaster"), and the on-ramp provider simulator behind the API's on-ramp routes
 * (docs/behaviour.md, "The on-ramp routes"). `npx tsx scripts/devnet/stack.ts` starts it and prints its URLs until Ctrl-C.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { constants as osConstants, tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { WalletListing } from '../../kernel/types'
import { ensureIdentityProviders } from '../../services/identity/install'
import { ensureWalletService } from '../../services/wallet/install'
import { bitcoinRegtest } from '../../plugins/bip122/networks'
import { solanaCaipNetworkIds } from '../../plugins/solana/networks'
import { installAccountAbstraction, startBundler, type Bundler } from './account-abstraction'
import { anvilAccounts, freePort, startAnvil, type Anvil } from './anvil'
import { ensureBundler } from './install'
import { startApiServer, type ApiServer } from './api-server'
import { createLedger, fundDevAccounts, type Ledger } from './bitcoin-ledger'
import { startPaymasterService } from './paymaster'
import { buildBitcoinWallet } from './bitcoin-wallet/build'
import { devBitcoinAccounts } from './bitcoin-wallet/keys'
import { buildDevWallet } from './dev-wallet/build'
import type { DevWalletChain } from './dev-wallet/config'
import { fixtureWallets } from './fixtures'
import { demoTokens, installDemoContracts, type DemoToken } from './tokens'
import { historyDays, makeDemoHistory, setClock } from './demo-history'
import { demoNames, ensContracts, installEns, type DemoName } from './ens'
import { startFarcasterApp } from './farcaster-app/server'
import { localFarcasterUsers } from './farcaster-app/users'
import { installIdRegistry } from './farcaster-registry'
import { startSolanaStack, type SolanaStack } from './solana'
import { onrampTestCards, startOnrampProvider } from './onramp-provider'
import { createOnrampDesk } from './onramp-routes'
import { installUniswap, uniswapContracts } from './uniswap'
import { startRelay } from './wc-relay'
import { createWalletPrompts, startWalletPage } from './wc-wallet/page'
import { startWcWallet, type WalletAsk, type WcWallet } from './wc-wallet/wallet'

/** Options of startStack. */
export type StackOptions = {
  /**
   * The wallet service's clock (ms; default Date.now). A test moves it past a rule it does not test (the 30 s before a new
   * code to the same address) instead of waiting: docs/wallet-service.md, "Limits".
   */
  walletClock?: () => number
  /** Listings GET /getWallets serves (default: fixtureWallets). */
  wallets?: readonly WalletListing[]
  /** The project id the API accepts (default 'latch-devnet'). */
  projectId?: string
  /** Accounts the dev wallet exposes (default: anvil's first account). */
  accounts?: readonly string[]
}

/** A running local stack. */
export type Stack = {
  /** 31337 'Anvil' and 31338 'Anvil 2', each with its RPC URL. */
  chains: { chainId: number; name: string; url: string }[]
  /** The local wallet-provider API (url, projectId, recorded requests). */
  api: ApiServer
  /**
   * The on-ramp provider simulator (its hosted checkout, another origin than the API) and its test cards
   * (docs/behaviour.md, "The on-ramp routes").
   */
  onramp: { url: string; cards: typeof onrampTestCards }
  /** The dev wallet's browser script for these chains and accounts. */
  devWalletJs: string
  /** The demo ERC-20 tokens, at the same addresses on both chains (Multicall3 too, at its canonical address). */
  tokens: readonly DemoToken[]
  /** Uniswap V2 on both anvils (the same addresses on each, scripts/devnet/uniswap.ts), with pools for the demo tokens and WETH. */
  uniswap: typeof uniswapContracts
  /** ENS on both anvils (the same addresses on each, scripts/devnet/ens.ts) and the demo names registered there. */
  ens: { contracts: typeof ensContracts; names: readonly DemoName[] }
  /** The local Solana network (litesvm), its funded dev wallet and that wallet's browser script. */
  solana: SolanaStack
  /** Bitcoin regtest: the ledger, its Esplora base URL (the API server's), the dev wallet's accounts and browser script. */
  bitcoin: { ledger: Ledger; esploraUrl: string; accounts: { address: string; purpose: string; addressType: string }[]; devWalletJs: string }
  /**
   * The development WalletConnect relay (ws://), the dev wallet on it (both anvils, Solana localnet and Bitcoin
   * regtest, the ids the demo configures) and its pairing page (http://).
   */
  walletConnect: {
    relayUrl: string
    wallet: WcWallet
    pageUrl: string
    /**
     * How the dev wallet answers proposals and requests from now on: `answer` (tests), or, without one (the default),
     * the person on its page, who approves or rejects each.
     */
    decide(answer?: (ask: WalletAsk) => boolean): void
  }
  /**
   * The embedded wallet's service (memory store; the frame's placeholder page until the frame is built), its dev
   * inbox, where every code it mails lands, and the local Farcaster app, which signs in as the fids of the ID registry
   * on the first anvil (docs/wallet-service.md, "The local Farcaster app").
   */
  /**
   * …and its social logins' local identity providers (`identityUrl`, docs/identity-providers.md): the six stand-ins, whose
   * clients redirect to the service's callback.
   */
  wallet: { url: string; inboxUrl: string; farcasterAppUrl: string; farcasterIdRegistry: `0x${string}`; identityUrl: string }
  /**
   * Smart accounts by chain id: the first anvil ('31337') only, with its bundler (alto) and the paymaster service, both
   * on 127.0.0.1 (docs/wallet-service.md, "Bundler and paymaster"). The frame is built with them.
   */
  smartAccounts: Record<string, { bundlerUrl: string; paymasterUrl: string }>
  stop(): Promise<void>
}

const chainSpecs = [
  { chainId: 31337, name: 'Anvil' },
  { chainId: 31338, name: 'Anvil 2' },
] as const

const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

/**
 * Starts two anvils with Multicall3, the demo tokens, Uniswap V2 with pools for them and ENS (demo names) (and the first with the demo account's past transactions), the API server and the dev wallet build; stop()
 * (or SIGINT, SIGTERM, SIGHUP) stops everything.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const stoppers: (() => Promise<void>)[] = []
  const stopAll = async () => {
    for (const signal of signals) process.off(signal, onSignal)
    await Promise.allSettled(stoppers.splice(0).map((stop) => stop()))
  }
  const onSignal = (signal: NodeJS.Signals) => void stopAll().then(() => process.exit(128 + (osConstants.signals[signal] ?? 15)))
  for (const signal of signals) process.once(signal, onSignal)
  // The bundler starts (about 2 s) while the rest of the stack does; awaited before startStack answers.
  let bundlerStarting: Promise<Bundler> | undefined
  try {
    // The bundler's own package (installed on first use) before anything starts, not while the stack is half up.
    ensureBundler()
    // The chains start in the past, so the first one's demo history spans months (docs/behaviour.md, "Activity").
    const genesis = Math.floor(Date.now() / 1000) - (historyDays + 1) * 86_400
    const anvils: Anvil[] = await Promise.all(
      chainSpecs.map(({ chainId }) => startAnvil({ chainId, timestamp: genesis }).then((anvil) => (stoppers.push(anvil.stop), anvil))),
    )
    // Smart accounts on the first anvil: the contracts go in before its back-dated demo history (at the chain's start),
    // then the bundler, which sends nothing as it starts, boots while the rest of the stack does, on a port chosen now
    // so the frame is built with its URL.
    const aaChain = chainSpecs[0].chainId
    const bundlerPort = await freePort()
    const aaInstalled = installAccountAbstraction(anvils[0]!.url)
    bundlerStarting = aaInstalled
      .then(() => startBundler({ rpcUrl: anvils[0]!.url, chainId: aaChain, port: bundlerPort }))
      .then((bundler) => (stoppers.push(bundler.stop), bundler))
    bundlerStarting.catch(() => undefined)
    // Uniswap needs the demo tokens (its pools hold them); ENS does not wait for it, nor it for ENS.
    await Promise.all([
      aaInstalled,
      ...anvils.map((anvil) => installDemoContracts(anvil.url).then(() => Promise.all([installEns(anvil.url), installUniswap(anvil.url)]))),
    ])
    await Promise.all(anvils.map((anvil, i) => (i === 0 ? makeDemoHistory(anvil.url) : setClock(anvil.url))))
    const paymaster = await startPaymasterService({ chainId: aaChain })
    stoppers.push(paymaster.stop)
    const smartAccounts = { [String(aaChain)]: { bundlerUrl: `http://127.0.0.1:${bundlerPort}`, paymasterUrl: paymaster.url } }
    const ledger = createLedger()
    const bitcoinAccounts = devBitcoinAccounts()
    fundDevAccounts(ledger, bitcoinAccounts)
    const chains = chainSpecs.map((spec, i) => ({ ...spec, url: anvils[i]!.url }))
    // The on-ramp: the provider simulator shares its desk (session tokens, purchases) with the API, which links to it.
    const onrampDesk = createOnrampDesk()
    const onrampProvider = await startOnrampProvider({ desk: onrampDesk, chains, tokens: demoTokens })
    stoppers.push(onrampProvider.stop)
    const api = await startApiServer({
      wallets: options.wallets ?? fixtureWallets,
      projectId: options.projectId ?? 'latch-devnet',
      chains,
      tokens: demoTokens,
      ledger,
      onramp: { desk: onrampDesk, checkoutUrl: onrampProvider.url },
      // The identity route knows the ENS demo names that name their account (latch-dev.eth, with its avatar).
      identities: demoNames.filter((entry) => entry.reverse).map(({ address, name, avatar }) => ({ address, name, ...(avatar ? { avatar } : {}) })),
    })
    stoppers.push(api.stop)
    const walletChains: DevWalletChain[] = chains.map(({ chainId, name, url }) => ({ chainId, name, rpcUrl: url }))
    const [devWalletJs, bitcoinWalletJs] = await Promise.all([
      buildDevWallet({ chains: walletChains, accounts: options.accounts ?? [anvilAccounts[0]] }),
      buildBitcoinWallet({ esploraUrl: api.url }),
    ])
    const bitcoin = {
      ledger,
      esploraUrl: api.url,
      accounts: bitcoinAccounts.map(({ address, purpose, addressType }) => ({ address, purpose, addressType })),
      devWalletJs: bitcoinWalletJs,
    }
    const solana = await startSolanaStack()
    stoppers.push(solana.stop)
    const relay = await startRelay()
    let answer: ((ask: WalletAsk) => boolean) | undefined
    const prompts = createWalletPrompts()
    const wcWallet = await startWcWallet({
      relayUrl: relay.url,
      decide: (ask) => (answer ? answer(ask) : prompts.decide(ask)),
      chains: chains.map(({ chainId, url }) => ({ chainId, rpcUrl: url })),
      solana: { chains: [solanaCaipNetworkIds.localnet] },
      bip122: { chains: [bitcoinRegtest.caipNetworkId] },
    })
    const page = await startWalletPage(wcWallet, prompts)
    // Stopped in this order: the page, the wallet's connection, then the relay.
    stoppers.push(() => page.stop().then(wcWallet.stop).then(relay.stop))
    const walletConnect = { relayUrl: relay.url, wallet: wcWallet, pageUrl: page.url, decide: (next?: (ask: WalletAsk) => boolean) => void (answer = next) }
    // Its packages live in services/wallet (installed here on first use), so it is imported only after they are.
    ensureWalletService()
    const { startDevWalletService } = await import('../../services/wallet/src/dev-service')
    // The frame app (docs/embedded-frame.md), built into a temporary folder the service serves as WALLET_FRAME_DIR.
    const { buildFrameApp } = await import('../../frame/app/build')
    const frameRpc = { ...Object.fromEntries(chains.map((chain) => [String(chain.chainId), chain.url])), [solanaCaipNetworkIds.localnet]: solana.url }
    const frameDir = await buildFrameApp(mkdtempSync(join(tmpdir(), 'latch-frame-')), { rpc: frameRpc, smartAccounts })
    stoppers.push(async () => rmSync(frameDir, { recursive: true, force: true }))
    // Farcaster login: the ID registry on the first anvil with the local fids, read by the service through its node.
    const { rpcIdRegistry } = await import('../../services/wallet/src/id-registry')
    const farcasterIdRegistry = await installIdRegistry(anvils[0]!.url, localFarcasterUsers)
    // Social logins: the local identity providers (docs/identity-providers.md), one client each whose redirect is the
    // service's callback, so the service is given them once it listens.
    ensureIdentityProviders()
    const { startLocalProviders } = await import('../../services/identity/src/providers')
    const { walletSocialProviders } = await import('../../services/identity/src/wallet-config')
    const { localClients } = await import('../../services/identity/src/clients')
    let identityUrl = ''
    const walletService = await startDevWalletService({
      frameDir,
      frameConnectSrc: [
        ...new Set([...Object.values(frameRpc), ...Object.values(smartAccounts).flatMap((n) => [n.bundlerUrl, n.paymasterUrl])].map((url) => new URL(url).origin)),
      ],
      now: options.walletClock,
      farcaster: { idRegistry: rpcIdRegistry({ address: farcasterIdRegistry, rpcUrl: anvils[0]!.url }) },
      social: async (serviceUrl) => {
        const providers = await startLocalProviders({ clients: localClients([`${serviceUrl}/v1/social/callback`]), host: '127.0.0.1', port: 0 })
        stoppers.push(providers.close)
        identityUrl = providers.url
        return { providers: walletSocialProviders(providers) }
      },
    })
    stoppers.push(walletService.stop)
    const farcasterApp = await startFarcasterApp({ relay: `${walletService.url}/v1/farcaster` })
    stoppers.push(farcasterApp.stop)
    const wallet = { url: walletService.url, inboxUrl: walletService.inbox.url, farcasterAppUrl: farcasterApp.url, farcasterIdRegistry, identityUrl }
    await bundlerStarting
    return { chains, api, onramp: { url: onrampProvider.url, cards: onrampTestCards }, devWalletJs, tokens: demoTokens, uniswap: uniswapContracts, ens: { contracts: ensContracts, names: demoNames }, solana, bitcoin, walletConnect, wallet, smartAccounts, stop: stopAll }
  } catch (error) {
    // A bundler still starting is stopped with the rest once it is up.
    await bundlerStarting?.catch(() => undefined)
    await stopAll()
    throw error
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const stack = await startStack()
  for (const chain of stack.chains) console.log(`chain ${chain.chainId} (${chain.name}): ${chain.url}`)
  for (const token of stack.tokens) console.log(`token ${token.symbol} (${token.decimals} decimals): ${token.address}`)
  console.log(`Uniswap V2 router: ${stack.uniswap.router} (WETH ${stack.uniswap.weth}); swap routes on the api`)
  console.log(`ENS universal resolver: ${stack.ens.contracts.universalResolver}; names: ${stack.ens.names.map((n) => n.name).join(', ')}`)
  console.log(`api: ${stack.api.url} (projectId ${stack.api.projectId})`)
  console.log(`on-ramp provider (checkout): ${stack.onramp.url}; test cards ${stack.onramp.cards.success} (succeeds), ${stack.onramp.cards.declined} (declined)`)
  console.log(`solana: ${stack.solana.url} (dev wallet ${stack.solana.address})`)
  console.log(`bitcoin regtest ledger (Esplora routes): ${stack.bitcoin.esploraUrl}`)
  console.log(`WalletConnect relay: ${stack.walletConnect.relayUrl}; dev wallet (paste a wc: URI): ${stack.walletConnect.pageUrl}`)
  console.log(`wallet service (e-mail login): ${stack.wallet.url}; dev inbox (the codes it mails): ${stack.wallet.inboxUrl}`)
  for (const [chainId, { bundlerUrl, paymasterUrl }] of Object.entries(stack.smartAccounts)) console.log(`smart accounts on ${chainId}: bundler ${bundlerUrl}, paymaster ${paymasterUrl}`)
  console.log(`local Farcaster app (paste a farcaster://connect link, sign in as a local fid): ${stack.wallet.farcasterAppUrl}`)
  console.log(`dev wallets: ${stack.devWalletJs.length} + ${stack.solana.devWalletJs.length} + ${stack.bitcoin.devWalletJs.length} bytes of JS. Ctrl-C stops everything.`)
}
