/**
 * Smart accounts on the local stack (docs/wallet-service.md, "Bundler and paymaster"): EntryPoint v0.8 at its canonical
 * address, LatchAccountFactory and LatchPaymaster (scripts/devnet/contracts) deployed through anvil's CREATE2 deployer,
 * and the alto bundler (@pimlico/alto, in scripts/devnet/bundler's own package) on 127.0.0.1. The paymaster service that signs for
 * LatchPaymaster is scripts/devnet/paymaster.ts.
 */
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { concat, encodeAbiParameters, encodeFunctionData, getContractAddress, toHex, zeroHash, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { entryPoint08Address } from '../../frame/app/smart-account-contracts'
import { freePort, spawnWatched, stopChild, waitForRpc } from './anvil'
import { latchAccountFactoryCode } from './contracts/latch-account-code'
import { latchPaymasterCode } from './contracts/latch-paymaster-code'
import { bundlerDir, ensureBundler, ensureDevnet } from './install'

const devnetDir = dirname(fileURLToPath(import.meta.url))

/** anvil's CREATE2 deployer (the "deterministic deployment proxy"): calldata is salt ‖ creation code. */
export const create2Deployer = '0x4e59b44847b379578588920ca78fbf26c0b4956c' as const
/** The salt EntryPoint v0.8 was published with: with the npm artifact's code it lands at entryPoint08Address. */
export const entryPoint08Salt = '0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9' as const

/**
 * anvil's well-known development keys (mnemonic "test test … junk", public; never for anything real) given jobs here, none
 * used elsewhere in the stack (0–3 are the demo's and the Farcaster users'): 5 and 6 are the bundler's executor and
 * utility accounts, 7 is the paymaster service's signer. The contracts are deployed, and the paymaster's deposit paid,
 * by an impersonated address of their own (as scripts/devnet/ens.ts does), so no dev account's nonce or ether changes.
 */
const devMnemonic = 'test test test test test test test test test test test junk'
const devKey = (index: number): Hex => toHex(mnemonicToAccount(devMnemonic, { addressIndex: index }).getHdKey().privateKey!)
export const deployerAccount = '0x1A7C000000000000000000000000000000004337' as const
export const bundlerExecutorKey = devKey(5)
export const bundlerUtilityKey = devKey(6)
/** The paymaster service's signing key: only scripts/devnet/paymaster.ts reads it (its address is in LatchPaymaster's constructor). */
export const paymasterSignerKey = devKey(7)
export const paymasterSigner = mnemonicToAccount(devMnemonic, { addressIndex: 7 }).address

/** What the paymaster holds at the EntryPoint on a fresh stack (wei): plenty for every test's operations. */
export const paymasterDeposit = 1_000n * 10n ** 18n

const address = { type: 'address' } as const

/** EntryPoint v0.8's creation code, from @account-abstraction/contracts 0.8.0's artifact. */
export function entryPoint08CreationCode(): Hex {
  ensureDevnet()
  const require = createRequire(join(devnetDir, 'package.json'))
  return (require('@account-abstraction/contracts/artifacts/EntryPoint.json') as { bytecode: Hex }).bytecode
}

/**
 * The bundler's simulation contracts, from alto's package (scripts/devnet/bundler): deployed here rather than by alto at
 * its start, so alto sends no transaction then and starts sooner, alongside the rest of the stack.
 */
function bundlerSimulationCode(file: 'PimlicoSimulations.sol/PimlicoSimulations.json' | 'EntryPointSimulations.sol/EntryPointSimulations08.json'): Hex {
  ensureBundler()
  const require = createRequire(join(bundlerDir, 'package.json'))
  return (require(join(bundlerDir, 'node_modules/@pimlico/alto/contracts', file)) as { bytecode: { object: Hex } }).bytecode.object
}

/**
 * The deployments, in order (the factory and the paymaster call the EntryPoint in their constructors): EntryPoint v0.8,
 * LatchAccountFactory, LatchPaymaster, then the bundler's PimlicoSimulations and EntryPointSimulations08.
 */
export function accountAbstractionDeployments(): { name: string; salt: Hex; code: Hex; address: Hex }[] {
  const entries = [
    { name: 'EntryPoint v0.8', salt: entryPoint08Salt, code: entryPoint08CreationCode() },
    { name: 'LatchAccountFactory', salt: zeroHash, code: concat([latchAccountFactoryCode, encodeAbiParameters([address], [entryPoint08Address])]) },
    {
      name: 'LatchPaymaster',
      salt: zeroHash,
      code: concat([latchPaymasterCode, encodeAbiParameters([address, address], [entryPoint08Address, paymasterSigner])]),
    },
    { name: 'PimlicoSimulations', salt: zeroHash, code: bundlerSimulationCode('PimlicoSimulations.sol/PimlicoSimulations.json') },
    { name: 'EntryPointSimulations08', salt: zeroHash, code: bundlerSimulationCode('EntryPointSimulations.sol/EntryPointSimulations08.json') },
  ]
  return entries.map((entry) => ({ ...entry, address: getContractAddress({ opcode: 'CREATE2', from: create2Deployer, salt: entry.salt, bytecode: entry.code }) }))
}

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const json = (await response.json()) as { result?: unknown; error?: { message: string } }
  if (json.error) throw new Error(`${method}: ${json.error.message}`)
  return json.result
}

async function sendAndWait(url: string, tx: { from: Hex; to: Hex; data?: Hex; value?: bigint }, what: string): Promise<void> {
  const hash = await rpc(url, 'eth_sendTransaction', [
    { from: tx.from, to: tx.to, ...(tx.data ? { data: tx.data } : {}), ...(tx.value ? { value: toHex(tx.value) } : {}), gas: toHex(15_000_000) },
  ])
  // anvil mines at once but may answer before the receipt is stored.
  for (let attempt = 0; attempt < 100; attempt++) {
    const receipt = (await rpc(url, 'eth_getTransactionReceipt', [hash])) as { status: string } | null
    if (receipt) {
      if (receipt.status !== '0x1') throw new Error(`account abstraction: ${what} failed (${JSON.stringify(receipt)})`)
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`account abstraction: ${what} was not mined`)
}

/**
 * Deploys EntryPoint v0.8, LatchAccountFactory, LatchPaymaster and the bundler's simulation contracts on the anvil at
 * `rpcUrl` and funds the paymaster's EntryPoint deposit (from deployerAccount, impersonated). Idempotent: what is already there is left alone. Throws when a contract
 * does not land where its constant says (smart-account-contracts.ts).
 */
export async function installAccountAbstraction(rpcUrl: string): Promise<void> {
  const deployments = accountAbstractionDeployments()
  await rpc(rpcUrl, 'anvil_setBalance', [deployerAccount, toHex(paymasterDeposit * 2n)])
  await rpc(rpcUrl, 'anvil_impersonateAccount', [deployerAccount])
  const paymaster = deployments[2]!.address
  for (const { name, salt, code, address } of deployments) {
    if (((await rpc(rpcUrl, 'eth_getCode', [address, 'latest'])) as string) !== '0x') continue
    await sendAndWait(rpcUrl, { from: deployerAccount, to: create2Deployer, data: concat([salt, code]) }, `deploying ${name}`)
    if (((await rpc(rpcUrl, 'eth_getCode', [address, 'latest'])) as string) === '0x') throw new Error(`account abstraction: ${name} did not land at ${address}`)
  }
  const balanceOf = encodeFunctionData({ abi: [{ type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [address], outputs: [{ type: 'uint256' }] }], args: [paymaster] })
  const deposit = BigInt((await rpc(rpcUrl, 'eth_call', [{ to: entryPoint08Address, data: balanceOf }, 'latest'])) as string)
  if (deposit < paymasterDeposit / 2n) {
    const depositTo = encodeFunctionData({ abi: [{ type: 'function', name: 'depositTo', stateMutability: 'payable', inputs: [address], outputs: [] }], args: [paymaster] })
    await sendAndWait(rpcUrl, { from: deployerAccount, to: entryPoint08Address, data: depositTo, value: paymasterDeposit - deposit }, "funding the paymaster's deposit")
  }
}

/** A running bundler: its JSON-RPC URL (127.0.0.1) and how to stop it. */
export type Bundler = { url: string; stop(): Promise<void> }

/**
 * Starts alto for EntryPoint v0.8 on the chain at `rpcUrl` (which must have installAccountAbstraction's contracts: alto
 * then sends no transaction until it bundles an operation), on
 * 127.0.0.1 (`port`, default a free one), and waits until it answers. Safe mode is off (anvil has no debug_traceCall
 * tracer alto's ERC-7562 checks need); it bundles as soon as an operation arrives; CORS is on, since the frame calls it
 * from the browser; it logs warnings and errors only (to this process's stderr).
 */
export async function startBundler({ rpcUrl, chainId, port }: { rpcUrl: string; chainId: number; port?: number }): Promise<Bundler> {
  ensureBundler()
  const [, , , pimlicoSimulations, entryPointSimulations] = accountAbstractionDeployments()
  const chosen = port ?? (await freePort())
  // Its package.json is not exported: the CLI (its `bin`) is found by path.
  const cli = join(bundlerDir, 'node_modules/@pimlico/alto/esm/cli/alto.js')
  const args = [
    '--import',
    pathToFileURL(join(devnetDir, 'loopback-only.mjs')).href,
    cli,
    '--entrypoints', entryPoint08Address,
    '--rpc-url', rpcUrl,
    '--port', String(chosen),
    '--executor-private-keys', bundlerExecutorKey,
    '--utility-private-key', bundlerUtilityKey,
    '--safe-mode', 'false',
    '--enable-cors', 'true',
    '--log-level', 'warn',
    // anvil mines each transaction at once: poll often, bundle at once.
    '--block-time', '100',
    '--min-bundle-interval', '10',
    '--max-bundle-interval', '100',
    '--utility-wallet-monitor', 'false',
    // Deployed by installAccountAbstraction: alto sends no transaction as it starts.
    '--deploy-simulations-contract', 'false',
    '--pimlico-simulation-contract', pimlicoSimulations!.address,
    '--entrypoint-simulation-contract-v8', entryPointSimulations!.address,
    '--refilling-wallets', 'false',
  ]
  const child = spawnWatched(process.execPath, args)
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000)
    process.stderr.write(chunk)
  })
  const url = `http://127.0.0.1:${chosen}`
  try {
    await waitForRpc(url, child, `the bundler (chain ${chainId})`, 30)
  } catch (error) {
    await stopChild(child)
    throw new Error(`${(error as Error).message}${stderr ? `\n${stderr}` : ''}`)
  }
  return { url, stop: () => stopChild(child) }
}
