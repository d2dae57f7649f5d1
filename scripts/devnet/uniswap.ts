/**
 * Uniswap V2 on the local stack's anvils (docs/behaviour.md, "The swap routes"): WETH9, UniswapV2Factory and UniswapV2Router02
 * from the npm artifacts (@uniswap/v2-core 1.0.1, @uniswap/v2-periphery 1.1.0-beta.0; nothing is recompiled: the pair
 * init-code hash the router carries is the one of v2-core's pair), deployed through anvil's CREATE2 deployer by an
 * impersonated address of their own, so they land at the same addresses on every anvil and no dev account's nonce or
 * ether changes. Three pools are seeded: WETH/DUSD, DEMO/DUSD and WETH/DEMO, at 1 ETH = 3,000 DUSD and 1 DEMO = 2.5 DUSD
 * (the demo price table's, scripts/devnet/balances-route.ts).
 */
import { createRequire } from 'node:module'
import { concat, encodeAbiParameters, encodeFunctionData, decodeFunctionResult, getContractAddress, keccak256, numberToHex, pad, parseAbi, toHex, zeroHash, type Hex } from 'viem'
import { demoTokens } from './tokens'

/** anvil's CREATE2 deployer (as scripts/devnet/account-abstraction.ts uses it): calldata is salt ‖ creation code. */
const create2Deployer = '0x4e59b44847b379578588920ca78fbf26c0b4956c' as const

/** The address that deploys and seeds Uniswap (impersonated: anvil sends from it without a key). */
export const uniswapDeployer = '0x1A7C00000000000000000000000000000000De40' as const

type Artifact = { bytecode: string; abi: unknown[] }
function artifact(path: string): Artifact {
  const require = createRequire(new URL('./package.json', import.meta.url))
  return require(path) as Artifact
}
/** Router02's artifact has its bytecode without the 0x prefix. */
const code = (a: Artifact): Hex => (a.bytecode.startsWith('0x') ? a.bytecode : `0x${a.bytecode}`) as Hex

const address = { type: 'address' } as const

/** The creation codes, in deployment order, and where each lands. */
export function uniswapDeployments(): { name: 'WETH9' | 'UniswapV2Factory' | 'UniswapV2Router02'; code: Hex; address: Hex }[] {
  const at = (bytecode: Hex) => getContractAddress({ opcode: 'CREATE2', from: create2Deployer, salt: zeroHash, bytecode })
  const weth = code(artifact('@uniswap/v2-periphery/build/WETH9.json'))
  const factory = concat([code(artifact('@uniswap/v2-core/build/UniswapV2Factory.json')), encodeAbiParameters([address], [uniswapDeployer])])
  const router = concat([code(artifact('@uniswap/v2-periphery/build/UniswapV2Router02.json')), encodeAbiParameters([address, address], [at(factory), at(weth)])])
  return [
    { name: 'WETH9', code: weth, address: at(weth) },
    { name: 'UniswapV2Factory', code: factory, address: at(factory) },
    { name: 'UniswapV2Router02', code: router, address: at(router) },
  ]
}

/** The pair init-code hash of v2-core's UniswapV2Pair (the one UniswapV2Library in Router02 computes pairs with). */
export function pairInitCodeHash(): Hex {
  return keccak256(code(artifact('@uniswap/v2-core/build/UniswapV2Pair.json')))
}

/**
 * Where Uniswap lives on every anvil of the stack: where uniswapDeployments() lands (installUniswap throws otherwise).
 * Constants, so importing this module (the API server does) reads no artifact: the artifacts are scripts/devnet's own
 * packages, installed by ensureDevnet (scripts/devnet/install.ts) only when the stack starts.
 */
export const uniswapContracts = {
  weth: '0x29F9484Dd5B678b8d44BA88ea6BDD86895a1586f',
  factory: '0xF2633ecEBe8C7237906293b0706bCb683d652184',
  router: '0xD48A7f2917327dD8799D5b96B248e9cA90C83c20',
} as const

/** The pair of two tokens (CREATE2 by the factory, salt keccak256(token0 ‖ token1)). */
export function pairAddress(a: Hex, b: Hex): Hex {
  const [t0, t1] = a.toLowerCase() < b.toLowerCase() ? [a, b] : [b, a]
  return getContractAddress({ opcode: 'CREATE2', from: uniswapContracts.factory, salt: keccak256(concat([t0, t1])), bytecodeHash: pairInitCodeHash() })
}

const dusd = demoTokens.find((t) => t.symbol === 'DUSD')!
const demo = demoTokens.find((t) => t.symbol === 'DEMO')!
const e18 = 10n ** 18n
const e6 = 10n ** 6n

/** The seeded pools: the two tokens and what each side holds (base units). */
export function uniswapPools(): { a: Hex; b: Hex; amountA: bigint; amountB: bigint }[] {
  return [
    { a: uniswapContracts.weth, b: dusd.address, amountA: 100n * e18, amountB: 300_000n * e6 },
    { a: demo.address, b: dusd.address, amountA: 100_000n * e18, amountB: 250_000n * e6 },
    { a: uniswapContracts.weth, b: demo.address, amountA: 100n * e18, amountB: 120_000n * e18 },
  ]
}

export const uniswapAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function createPair(address tokenA, address tokenB) returns (address pair)',
  'function getPair(address tokenA, address tokenB) view returns (address pair)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function mint(address to) returns (uint256 liquidity)',
  'function deposit() payable',
  'function transfer(address to, uint256 value) returns (bool)',
])

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const json = (await response.json()) as { result?: unknown; error?: { message: string } }
  if (json.error) throw new Error(`${method}: ${json.error.message}`)
  return json.result
}

/** Sends from the deployer; anvil mines it at once, and numbers the deployer's transactions in the order they are sent. */
async function send(url: string, to: Hex, data: Hex, value = 0n): Promise<Hex> {
  return (await rpc(url, 'eth_sendTransaction', [{ from: uniswapDeployer, to, data, value: toHex(value), gas: toHex(8_000_000) }])) as Hex
}

/** Waits for the receipts (anvil may answer a send before it stores the receipt) and throws for any that failed. */
async function confirm(url: string, sent: { hash: Hex; what: string }[]): Promise<void> {
  for (const { hash, what } of sent) {
    for (let attempt = 0; ; attempt++) {
      const receipt = (await rpc(url, 'eth_getTransactionReceipt', [hash])) as { status: string } | null
      if (receipt) {
        if (receipt.status !== '0x1') throw new Error(`uniswap: ${what} failed`)
        break
      }
      if (attempt === 200) throw new Error(`uniswap: ${what} was not mined`)
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  }
}

const word = (value: bigint) => pad(numberToHex(value), { size: 32 })
const balanceSlot = (account: Hex) => keccak256(encodeAbiParameters([address, { type: 'uint256' }], [account, 0n]))

/** Credits `amount` of a demo token to `account` by storage (DemoToken.sol: slot 0 balanceOf, 2 totalSupply), as tokens.ts installs them. */
export async function creditDemoToken(url: string, token: Hex, account: Hex, amount: bigint): Promise<void> {
  const read = async (slot: Hex) => BigInt((await rpc(url, 'eth_getStorageAt', [token, slot, 'latest'])) as string)
  const slot = balanceSlot(account)
  const [balance, supply] = await Promise.all([read(slot), read(word(2n))])
  await rpc(url, 'anvil_setStorageAt', [token, slot, word(balance + amount)])
  await rpc(url, 'anvil_setStorageAt', [token, word(2n), word(supply + amount)])
}

/**
 * Deploys WETH9, UniswapV2Factory and UniswapV2Router02 on the anvil at `rpcUrl` (which must have the demo tokens,
 * tokens.ts) and seeds the pools. Idempotent: a contract already there, a pair already created, a pool already holding
 * liquidity is left alone. Throws when a contract does not land where uniswapContracts says.
 */
export async function installUniswap(rpcUrl: string): Promise<typeof uniswapContracts> {
  const hasCode = async (at: Hex) => ((await rpc(rpcUrl, 'eth_getCode', [at, 'latest'])) as string) !== '0x'
  const getReserves = encodeFunctionData({ abi: uniswapAbi, functionName: 'getReserves' })
  const hasLiquidity = async (pair: Hex) =>
    (await hasCode(pair)) &&
    decodeFunctionResult({ abi: uniswapAbi, functionName: 'getReserves', data: (await rpc(rpcUrl, 'eth_call', [{ to: pair, data: getReserves }, 'latest'])) as Hex })[0] !== 0n
  const deployments = uniswapDeployments()
  const expected = [uniswapContracts.weth, uniswapContracts.factory, uniswapContracts.router]
  deployments.forEach((d, i) => {
    if (d.address !== expected[i]) throw new Error(`uniswap: ${d.name} would land at ${d.address}, not ${expected[i]} (uniswapContracts)`)
  })
  const pools = uniswapPools().map((pool) => ({ ...pool, pair: pairAddress(pool.a, pool.b) }))
  // What is there already, read at once; then every transaction is sent in order and the receipts checked at the end.
  const [deployed, paired, seeded] = await Promise.all([
    Promise.all(deployments.map((d) => hasCode(d.address))),
    Promise.all(pools.map((p) => hasCode(p.pair))),
    Promise.all(pools.map((p) => hasLiquidity(p.pair))),
    rpc(rpcUrl, 'anvil_setBalance', [uniswapDeployer, toHex(1_000n * e18)]),
    rpc(rpcUrl, 'anvil_impersonateAccount', [uniswapDeployer]),
  ])
  const sent: { hash: Hex; what: string }[] = []
  const push = async (what: string, to: Hex, data: Hex, value = 0n) => void sent.push({ hash: await send(rpcUrl, to, data, value), what })
  for (const [i, deployment] of deployments.entries()) {
    if (!deployed[i]) await push(`deploying ${deployment.name}`, create2Deployer, concat([zeroHash, deployment.code]))
  }
  for (const [i, pool] of pools.entries()) {
    if (!paired[i]) await push('createPair', uniswapContracts.factory, encodeFunctionData({ abi: uniswapAbi, functionName: 'createPair', args: [pool.a, pool.b] }))
  }
  for (const [i, pool] of pools.entries()) {
    if (seeded[i]) continue
    for (const [token, amount] of [
      [pool.a, pool.amountA],
      [pool.b, pool.amountB],
    ] as const) {
      if (token === uniswapContracts.weth) {
        await push('wrapping ether', token, encodeFunctionData({ abi: uniswapAbi, functionName: 'deposit' }), amount)
        await push('sending WETH to a pair', token, encodeFunctionData({ abi: uniswapAbi, functionName: 'transfer', args: [pool.pair, amount] }))
      } else {
        await creditDemoToken(rpcUrl, token, pool.pair, amount)
      }
    }
    await push('minting liquidity', pool.pair, encodeFunctionData({ abi: uniswapAbi, functionName: 'mint', args: [uniswapDeployer] }))
  }
  await confirm(rpcUrl, sent)
  for (const deployment of deployments) {
    if (!(await hasCode(deployment.address))) throw new Error(`uniswap: ${deployment.name} did not land at ${deployment.address}`)
  }
  return uniswapContracts
}
