import { describe, expect, it } from 'vitest'
import { createPublicClient, erc20Abi, http } from 'viem'
import { entryPoint08Address } from '../../frame/app/smart-account-contracts'
import { anvilAccounts } from './anvil'
import { solanaDevFunds } from './solana'
import { startStack } from './stack'
import { onrampProviderAccount } from './onramp-provider'
import { nativeTokenAddress } from './swap-routes'
import { multicall3Address } from './tokens'
import { uniswapAbi } from './uniswap'

const rpc = async (url: string, method: string) =>
  ((await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }) })).json()) as { result: unknown }).result

describe('startStack', () => {
  // The stack's start takes about 4 s on two busy cores (two anvils, the builds, and the bundler booting beside them):
  // more than vitest's default 5 s leaves room for.
  it('starts two anvils, the API and the dev wallet build, and stops them all', async () => {
    const stack = await startStack({ projectId: 'p-test' })
    try {
      expect(stack.chains.map(({ chainId, name }) => [chainId, name])).toEqual([[31337, 'Anvil'], [31338, 'Anvil 2']])
      expect(await Promise.all(stack.chains.map((c) => rpc(c.url, 'eth_chainId')))).toEqual(['0x7a69', '0x7a6a'])
      const wallets = (await (await fetch(`${stack.api.url}/getWallets?projectId=p-test&st=t&sv=1`)).json()) as { count: number }
      expect(wallets.count).toBeGreaterThan(0)
      expect(stack.devWalletJs).toContain(stack.chains[1]!.url)
      expect(stack.devWalletJs).not.toMatch(/\beval\(|new Function\(/)

      // ENS with the demo names on both chains, at the same addresses.
      for (const chain of stack.chains) {
        const client = createPublicClient({ transport: http(chain.url) })
        const universalResolverAddress = stack.ens.contracts.universalResolver
        expect(await client.getEnsName({ address: anvilAccounts[0], universalResolverAddress })).toBe('latch-dev.eth')
        expect(await client.getEnsAddress({ name: 'alice.eth', universalResolverAddress })).toBe(anvilAccounts[1])
      }

      // Multicall3 and the two demo tokens on both chains; the provider API's balances are the chain's, priced by chain and address.
      for (const chain of stack.chains) {
        const client = createPublicClient({ transport: http(chain.url) })
        expect(await client.getCode({ address: multicall3Address })).toMatch(/^0x[0-9a-f]{100,}$/)
        const url = `${stack.api.url}/v1/account/${anvilAccounts[1]}/balance?projectId=p-test&st=t&sv=1&currency=usd&chainId=eip155:${chain.chainId}`
        // Balance-provider assets: the native ETH entry, then each token, the balance a hex string of the smallest unit.
        type Asset = { address?: string; balance: string; type: 'ERC20' | 'NATIVE'; metadata: { symbol: string; decimals: number; price?: number } }
        const { balances } = (await (await fetch(url)).json()) as { balances: Asset[] }
        const expected = [
          { type: 'NATIVE', symbol: 'ETH', decimals: 18, balance: BigInt(await client.getBalance({ address: anvilAccounts[1] })) },
          ...(await Promise.all(
            stack.tokens.map(async (token) => ({
              type: 'ERC20',
              symbol: token.symbol,
              decimals: await client.readContract({ address: token.address, abi: erc20Abi, functionName: 'decimals' }),
              balance: await client.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [anvilAccounts[1]] }),
            })),
          )),
        ]
        expect(balances.map((b) => ({ type: b.type, symbol: b.metadata.symbol, decimals: b.metadata.decimals, balance: BigInt(b.balance) }))).toEqual(expected)
        expect(balances.every((b) => /^0x[0-9a-f]+$/.test(b.balance))).toBe(true)
        expect(expected.map((e) => e.decimals)).toEqual([18, 6, 18])
        expect(balances.map((b) => b.metadata.price)).toEqual(chain.chainId === 31337 ? [undefined, 1, 2.5] : [undefined, 1, undefined])
        // Uniswap V2 at the same addresses on both chains, and the API's swap quote is its router's (docs/behaviour.md, "The swap routes").
        const [dusd] = stack.tokens
        const id = (address: string) => `eip155:${chain.chainId}:${address}`
        const query = new URLSearchParams({ amount: '1000000000000000000', userAddress: id(anvilAccounts[1]), from: id(nativeTokenAddress), to: id(dusd!.address) })
        const { quotes } = (await (await fetch(`${stack.api.url}/v1/convert/quotes?projectId=p-test&st=t&sv=1&${query}`)).json()) as { quotes: { toAmount: string }[] }
        const out = await client.readContract({ address: stack.uniswap.router, abi: uniswapAbi, functionName: 'getAmountsOut', args: [10n ** 18n, [stack.uniswap.weth, dusd!.address]] })
        expect(quotes.map((q) => q.toAmount)).toEqual([String(out[1])])
      }
      // The on-ramp: the API's URL lands on the provider simulator's checkout, whose account holds the demo tokens on both chains.
      const onrampUrl = await fetch(`${stack.api.url}/v1/generators/onrampurl?projectId=p-test&st=t&sv=1`, {
        method: 'POST',
        body: JSON.stringify({ destinationWallets: [{ address: anvilAccounts[1], blockchains: ['anvil-2'], assets: ['DUSD'] }], partnerUserId: 'p', presetFiatAmount: '10' }),
      })
      const checkout = await fetch(((await onrampUrl.json()) as { url: string }).url)
      expect([checkout.status, new URL(checkout.url).origin]).toEqual([200, stack.onramp.url])
      expect(await checkout.text()).toContain(stack.onramp.cards.declined)
      for (const chain of stack.chains) {
        const held = await createPublicClient({ transport: http(chain.url) }).readContract({ address: stack.tokens[1]!.address, abi: erc20Abi, functionName: 'balanceOf', args: [onrampProviderAccount] })
        expect(held).toBeGreaterThan(1_000_000n * 10n ** 18n)
      }
      // The local Solana network, with the Solana dev wallet's account funded.
      const balance = await (await fetch(stack.solana.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [stack.solana.address] }) })).json()
      expect(balance).toMatchObject({ result: { value: Number(solanaDevFunds.lamports) } })
      expect(stack.solana.devWalletJs).toContain(stack.solana.url)
      // Bitcoin regtest: the dev wallet's P2WPKH address is funded with 0.75 BTC on the ledger behind the API.
      const segwit = stack.bitcoin.accounts.find((a) => a.addressType === 'p2wpkh')!
      const stats = (await (await fetch(`${stack.bitcoin.esploraUrl}/address/${segwit.address}`)).json()) as { chain_stats: { funded_txo_sum: number } }
      expect(stats.chain_stats.funded_txo_sum).toBe(75_000_000)
      expect(stack.bitcoin.devWalletJs).toContain(stack.bitcoin.esploraUrl)
      expect(stack.bitcoin.devWalletJs).not.toMatch(/\beval\(|new Function\(/)
      // The WalletConnect relay (answers plain HTTP with 426) and the dev wallet's pairing page, whose wallet serves
      // the demo's Solana localnet and Bitcoin regtest with the funded dev keys.
      expect((await fetch(stack.walletConnect.relayUrl.replace('ws:', 'http:'))).status).toBe(426)
      const page = await (await fetch(stack.walletConnect.pageUrl)).text()
      expect(page).toContain(anvilAccounts[0])
      expect(stack.walletConnect.wallet.accounts).toEqual([
        ...stack.chains.map((chain) => `eip155:${chain.chainId}:${anvilAccounts[0]}`),
        `solana:localnet:${stack.solana.address}`,
        `bip122:0f9188f13cb7b2c71f2a335e3a4fc328:${segwit.address}`,
      ])
      for (const account of stack.walletConnect.wallet.accounts) expect(page).toContain(account)
      // The wallet service (memory store) and its dev inbox (docs/wallet-service.md).
      expect(await (await fetch(`${stack.wallet.url}/v1/health`)).json()).toEqual({ ok: true, store: 'memory' })
      expect(await (await fetch(`${stack.wallet.inboxUrl}/messages`)).json()).toEqual([])
      // It serves the built frame app (docs/embedded-frame.md), not the placeholder.
      const frame = await (await fetch(`${stack.wallet.url}/`)).text()
      expect(frame).toContain('<script type="module" src="app.js"></script>')
      const app = await fetch(`${stack.wallet.url}/app.js`)
      expect(app.status).toBe(200)
      // Its build knows the SVM's node, and the frame's CSP lets it reach it (solana_signAndSendTransaction).
      const appJs = await app.text()
      expect(appJs).toContain(stack.solana.url)
      expect((await fetch(`${stack.wallet.url}/`)).headers.get('content-security-policy')).toContain(new URL(stack.solana.url).origin)
      // Smart accounts on the first anvil only: its bundler (EntryPoint v0.8) and paymaster service, baked into the frame
      // build and allowed by its CSP (docs/wallet-service.md, "Bundler and paymaster").
      expect(Object.keys(stack.smartAccounts)).toEqual(['31337'])
      const { bundlerUrl, paymasterUrl } = stack.smartAccounts['31337']!
      const post = async (url: string, method: string, params: unknown[]) =>
        (await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })).json()) as { result?: unknown; error?: { message: string } }
      expect((await post(bundlerUrl, 'eth_supportedEntryPoints', [])).result).toEqual([entryPoint08Address])
      expect((await post(paymasterUrl, 'pm_getPaymasterStubData', [{}, entryPoint08Address, '0x7a69', {}])).error?.message).toMatch(/^Invalid params/)
      const entryPointCode = await Promise.all(stack.chains.map((c) => createPublicClient({ transport: http(c.url) }).getCode({ address: entryPoint08Address })))
      expect(entryPointCode.map((code) => (code?.length ?? 0) > 2)).toEqual([true, false])
      const csp = (await fetch(`${stack.wallet.url}/`)).headers.get('content-security-policy')
      for (const url of [bundlerUrl, paymasterUrl]) expect(csp).toContain(new URL(url).origin)
      expect(appJs).toContain(bundlerUrl)
      // Farcaster login on its own host (the stack's ID registry on the first anvil), and the local Farcaster app, whose
      // page signs a channel in as a local fid (docs/wallet-service.md, "The local Farcaster app").
      const channel = (await (await fetch(`${stack.wallet.url}/v1/farcaster/channel`, { method: 'POST' })).json()) as { channelToken: string; url: string }
      const link = new URL(channel.url).searchParams
      expect([link.get('domain'), link.get('siweUri')]).toEqual([new URL(stack.wallet.url).host, stack.wallet.url])
      const signIn = await fetch(`${stack.wallet.farcasterAppUrl}/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: stack.wallet.farcasterAppUrl },
        body: new URLSearchParams({ uri: channel.url, fid: '1' }),
      })
      expect(signIn.status).toBe(200)
      const status = await (await fetch(`${stack.wallet.url}/v1/farcaster/channel/status`, { headers: { authorization: `Bearer ${channel.channelToken}` } })).json()
      expect(status).toMatchObject({ state: 'completed', fid: 1, username: 'alice', custody: anvilAccounts[1] })
      // Social logins through the six local identity providers (docs/identity-providers.md): a start gets the
      // stand-in's authorization URL, whose client redirects to the service's callback, and its discovery answers.
      const raw = async (algorithm: EcKeyGenParams) => {
        const pair = (await crypto.subtle.generateKey(algorithm, true, algorithm.name === 'ECDSA' ? ['sign', 'verify'] : ['deriveBits'])) as CryptoKeyPair
        return Buffer.from(await crypto.subtle.exportKey('raw', pair.publicKey)).toString('base64url')
      }
      const keys = { signingKey: await raw({ name: 'ECDSA', namedCurve: 'P-256' }), encryptionKey: await raw({ name: 'ECDH', namedCurve: 'P-256' }) }
      for (const provider of ['google', 'github', 'apple', 'facebook', 'x', 'discord']) {
        const started = await fetch(`${stack.wallet.url}/v1/social/start`, { method: 'POST', headers: { 'content-type': 'application/json', origin: stack.wallet.url }, body: JSON.stringify({ provider, ...keys }) })
        expect(started.status, provider).toBe(201)
        const authorize = new URL(((await started.json()) as { url: string }).url)
        expect(authorize.origin).toBe(stack.wallet.identityUrl)
        expect(authorize.searchParams.get('redirect_uri')).toBe(`${stack.wallet.url}/v1/social/callback`)
        expect((await fetch(`${stack.wallet.identityUrl}/${provider}/.well-known/openid-configuration`)).status, provider).toBe(200)
      }
    } finally {
      await stack.stop()
    }
    await expect(rpc(stack.chains[0]!.url, 'eth_chainId')).rejects.toThrow()
    await expect(rpc(stack.solana.url, 'getHealth')).rejects.toThrow()
    await expect(fetch(stack.api.url)).rejects.toThrow()
    await expect(fetch(stack.walletConnect.pageUrl)).rejects.toThrow()
    await expect(fetch(stack.walletConnect.relayUrl.replace('ws:', 'http:'))).rejects.toThrow()
    await expect(fetch(stack.wallet.url)).rejects.toThrow()
    await expect(fetch(stack.wallet.identityUrl)).rejects.toThrow()
    await expect(fetch(stack.wallet.inboxUrl)).rejects.toThrow()
    await expect(fetch(stack.wallet.farcasterAppUrl)).rejects.toThrow()
    for (const url of Object.values(stack.smartAccounts).flatMap((n) => [n.bundlerUrl, n.paymasterUrl])) await expect(fetch(url)).rejects.toThrow()
  }, 30_000)
})
