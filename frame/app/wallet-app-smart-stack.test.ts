/**
 * The frame's wallet app with the real smart-account library (frame/app/smart-account.ts) on the local chain: anvil with
 * EntryPoint v0.8, LatchAccountFactory and LatchPaymaster, the alto bundler and the paymaster service
 * (scripts/devnet/account-abstraction.ts), and the real wallet service for the login. A fresh e-mail login's smart
 * account, with no ether, signs before deployment (EIP-6492) and after (ERC-1271), sends a batch of two token transfers
 * as one sponsored user operation (wallet_sendCalls, its status through wallet_getCallsStatus) and a transaction
 * (eth_sendTransaction, answered once included); docs/embedded-frame.md, "Smart accounts: the frame's requests".
 */
import { createPublicClient, encodeFunctionData, erc20Abi, http, parseUnits, toHex, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Bundler } from '../../scripts/devnet/account-abstraction'
import { anvilAccounts, type Anvil } from '../../scripts/devnet/anvil'
import type { PaymasterService } from '../../scripts/devnet/paymaster'
import { startSmartAccountChain, type SmartAccountChain } from '../../scripts/devnet/smart-account-chain'
import { demoTokens } from '../../scripts/devnet/tokens'
import { deriveKeys } from '../../services/wallet/src/crypto'
import { startDevInbox, type DevInbox } from '../../services/wallet/src/dev-inbox'
import { smtpMailer, type Mailer } from '../../services/wallet/src/mailer'
import { startWalletService, type WalletService } from '../../services/wallet/src/service'
import { memoryStore } from '../../services/wallet/src/store'
import { virtualClock } from '../../services/wallet/testing'
import { serviceClient } from './service-client'
import { entryPoint08Address } from './smart-account-contracts'
import { smartAccounts } from './smart-account'
import { memoryFrameStorage } from './testing'
import { sponsoredFee, walletApp, type ApprovalRequest } from './wallet-app'

const clock = virtualClock()
let inbox: DevInbox
let mailer: Mailer
let service: WalletService
let chain: SmartAccountChain
let anvil: Anvil
let bundler: Bundler
let paymaster: PaymasterService
beforeAll(async () => {
  inbox = await startDevInbox()
  mailer = smtpMailer({ ...inbox.smtp, from: 'Wallet <wallet@localhost>' })
  const keys = deriveKeys(new TextEncoder().encode('latch wallet frame-app smart-account stack test secret, 32+'))
  service = await startWalletService({ store: memoryStore({ now: clock.now }), keys, mailer, allowedOrigins: ['http://127.0.0.1:*'], now: clock.now })
  chain = await startSmartAccountChain()
  ;({ anvil, bundler, paymaster } = chain)
}, 60_000)
afterAll(async () => {
  await chain?.stop()
  await service?.stop()
  mailer?.close()
  await inbox?.stop()
})

const context = { id: 'stack-1', parentOrigin: 'http://127.0.0.1:5173' }

describe('the frame wallet app with the real smart-account library, bundler and paymaster', () => {
  it('a fresh account with no ether signs (EIP-6492, then ERC-1271), sends a sponsored batch of two transfers as one operation and a transaction', async () => {
    const asked: ApprovalRequest[] = []
    const rpcUrl = (chainId: number) => (chainId === 31337 ? anvil.url : undefined)
    const app = walletApp({
      client: serviceClient({ baseUrl: service.url }),
      storage: memoryFrameStorage(),
      approve: async (request) => (asked.push(request), true),
      rpcUrl,
      defaultChainId: 'eip155:31337',
      smartAccounts: smartAccounts({ networks: { 31337: { bundlerUrl: bundler.url, paymasterUrl: paymaster.url } }, rpcUrl }),
    })
    const h = app.handlers as Required<typeof app.handlers>
    const email = 'stack-smart@example.com'
    clock.advance(31_000)
    await h.CONNECT_EMAIL({ email }, context)
    const messages = (await (await fetch(`${inbox.url}/messages?to=${encodeURIComponent(email)}`)).json()) as { code: string }[]
    await h.CONNECT_OTP({ otp: messages[0]!.code }, context)
    const client = createPublicClient({ transport: http(anvil.url) })

    const user = await h.GET_USER({ chainId: 'eip155:31337' }, context)
    const account = user.address as Hex
    expect(user).toMatchObject({ preferredAccountType: 'smartAccount', smartAccountDeployed: false })
    expect(account).not.toBe(app.address)
    expect(await client.getCode({ address: account })).toBeUndefined()
    expect(await client.getBalance({ address: account })).toBe(0n)
    const rpc = async (method: string, params: unknown) => ((await h.RPC_REQUEST({ method, params: params as never }, context)) as { result: unknown }).result

    // EIP-6492 before deployment: verified by viem as a dapp's verifier does.
    const message = 'Sign in to the dapp'
    const wrapped = (await rpc('personal_sign', [toHex(message), account])) as Hex
    expect(await client.verifyMessage({ address: account, message, signature: wrapped })).toBe(true)

    // Tokens for the account; then two transfers, one user operation the paymaster pays for.
    const [dusd] = demoTokens
    await client.request({ method: 'anvil_impersonateAccount' as never, params: [anvilAccounts[0]] as never })
    await client.request({ method: 'eth_sendTransaction' as never, params: [{ from: anvilAccounts[0], to: dusd!.address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [account, parseUnits('10', dusd!.decimals)] }) }] as never })
    const [alice, bob] = ['0x000000000000000000000000000000000000a11c', '0x0000000000000000000000000000000000000b0b'] as const
    const transfer = (to: Hex, amount: string) => ({ to: dusd!.address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, parseUnits(amount, dusd!.decimals)] }) })
    const { id } = (await rpc('wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', from: account, atomicRequired: true, calls: [transfer(alice, '1'), transfer(bob, '2')] }])) as { id: Hex }
    expect(asked.at(-1)!.lines).toContain(sponsoredFee)
    expect(asked.at(-1)!.lines).toContain(`Account: ${account} (smart account)`)

    // A transaction from the account: prepared once the batch is included (one operation at a time), answered with its hash once included.
    const hash = (await rpc('eth_sendTransaction', [{ from: account, to: dusd!.address, data: transfer(alice, '3').data }])) as Hex
    const receipt = await client.getTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.to?.toLowerCase()).toBe(entryPoint08Address.toLowerCase())

    const status = (await rpc('wallet_getCallsStatus', [id])) as { status: number; atomic: boolean; receipts: { transactionHash: Hex; status: string }[] }
    expect(status).toMatchObject({ version: '2.0.0', id, chainId: '0x7a69', status: 200, atomic: true })
    expect(status.receipts).toHaveLength(1)
    const batch = await client.getTransactionReceipt({ hash: status.receipts[0]!.transactionHash })
    const userOperationEvent = '0x49628fd1471006c1482da88028e9ce4dbb080b815c9b0344d39e5a8e6ec1419f'
    expect(batch.logs.filter((log) => log.topics[0] === userOperationEvent)).toHaveLength(1)
    const read = (who: Hex) => client.readContract({ address: dusd!.address, abi: erc20Abi, functionName: 'balanceOf', args: [who] })
    expect([await read(alice), await read(bob), await read(account)]).toEqual([parseUnits('4', 6), parseUnits('2', 6), parseUnits('4', 6)])
    expect(await client.getBalance({ address: account })).toBe(0n)

    // Deployed now: GET_USER says so, and the signature is the ERC-1271 one.
    expect(await h.GET_USER({ chainId: 'eip155:31337' }, context)).toMatchObject({ address: account, smartAccountDeployed: true })
    const plain = (await rpc('personal_sign', [toHex(message), account])) as Hex
    expect(plain).toHaveLength(132)
    expect(await client.verifyMessage({ address: account, message, signature: plain })).toBe(true)
    expect(await rpc('wallet_getCapabilities', [account])).toEqual({ '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } } })
  }, 60_000)
})
