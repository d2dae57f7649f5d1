/**
 * ENS on the local stack's anvils: the registry, reverse registrar and public resolver as ENS publishes them
 * (@ensdomains/ens 0.6.2, @ensdomains/resolver 0.3.1, their compiled code), a small universal resolver
 * (contracts/DemoUniversalResolver.sol) so that viem's getEnsName / getEnsAddress / getEnsAvatar work, a `.eth`
 * TLD owned by a first-in-first-served registrar, and three demo names (docs/behaviour.md, "Names").
 *
 * Everything is sent by one fixed deployer address that anvil lets us send from without its key
 * (anvil_impersonateAccount), so the contracts land at the same addresses on every anvil and no dev account's
 * nonce or ether changes. The deployer sets every record itself, then hands each name to its account and
 * `addr.reverse` to the reverse registrar.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { encodeAbiParameters, encodeFunctionData, getContractAddress, labelhash, namehash, parseAbi, zeroHash, type Hex } from 'viem'
import { anvilAccounts } from './anvil'
import { universalResolverCode } from './contracts/universal-resolver-code'

/** The address that deploys and sets up ENS on every anvil (no key: anvil sends for it). */
export const ensDeployer = '0x1a7c00000000000000000000000000000000e45d' as const

const at = (nonce: number) => getContractAddress({ from: ensDeployer, nonce: BigInt(nonce) })

/** Where ENS lives on the stack's anvils: the deployer's first five contracts, so the same on every anvil. */
export const ensContracts = {
  registry: at(0),
  publicResolver: at(1),
  reverseRegistrar: at(2),
  universalResolver: at(3),
  ethRegistrar: at(4),
} as const

/** A small square avatar as a data: URI (an image from no host). */
export const demoAvatar =
  'data:image/svg+xml;base64,' +
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#5b6cff"/><circle cx="4" cy="4" r="2" fill="#fff"/></svg>').toString(
    'base64',
  )

/** A demo name: what it resolves to, whether the account names itself by it (reverse), and its avatar record. */
export type DemoName = { name: string; address: `0x${string}`; reverse: boolean; avatar?: string }

/** The demo names: latch-dev.eth both ways with an avatar; alice.eth and bob.eth forward only. */
export const demoNames: readonly DemoName[] = [
  { name: 'latch-dev.eth', address: anvilAccounts[0], reverse: true, avatar: demoAvatar },
  { name: 'alice.eth', address: anvilAccounts[1], reverse: false },
  { name: 'bob.eth', address: anvilAccounts[2], reverse: false },
]

const registryAbi = parseAbi([
  'function setSubnodeOwner(bytes32 node, bytes32 label, address owner) returns (bytes32)',
  'function setSubnodeRecord(bytes32 node, bytes32 label, address owner, address resolver, uint64 ttl)',
  'function setOwner(bytes32 node, address owner)',
])
const resolverAbi = parseAbi([
  'function setAddr(bytes32 node, address a)',
  'function setText(bytes32 node, string key, string value)',
  'function setName(bytes32 node, string name)',
])

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const json = (await response.json()) as { result?: unknown; error?: { message: string } }
  if (json.error) throw new Error(`${method}: ${json.error.message}`)
  return json.result
}

/** A contract's creation code from the ENS packages' compiled artifacts. */
function artifact(path: string): Hex {
  const require = createRequire(new URL('./package.json', import.meta.url))
  const json = JSON.parse(readFileSync(require.resolve(path), 'utf8')) as { bytecode: string }
  return json.bytecode as Hex
}

/** The reverse node of an address: namehash('<lower-case hex without 0x>.addr.reverse'). */
export function reverseNode(address: string): Hex {
  return namehash(`${address.slice(2).toLowerCase()}.addr.reverse`)
}

/**
 * Deploys ENS on the anvil at `url` and registers `names` (default: demoNames). Call it once per anvil, on a fresh
 * chain (the deployer's nonce must be 0, or the contracts land elsewhere and this throws).
 */
export async function installEns(url: string, names: readonly DemoName[] = demoNames): Promise<typeof ensContracts> {
  await rpc(url, 'anvil_impersonateAccount', [ensDeployer])
  await rpc(url, 'anvil_setBalance', [ensDeployer, '0x56bc75e2d63100000'])
  if ((await rpc(url, 'eth_getTransactionCount', [ensDeployer, 'latest'])) !== '0x0') throw new Error(`ENS is already installed on ${url}`)
  const send = async (to: Hex | null, data: Hex) => {
    const hash = await rpc(url, 'eth_sendTransaction', [{ from: ensDeployer, ...(to ? { to } : {}), data, gas: '0x989680' }])
    // anvil mines each transaction as it comes, but may answer before the receipt is stored: ask again briefly.
    for (let attempt = 0; attempt < 200; attempt++) {
      const receipt = (await rpc(url, 'eth_getTransactionReceipt', [hash])) as { status: string } | null
      if (receipt?.status === '0x1') return
      if (receipt) throw new Error(`ENS setup transaction ${String(hash)} reverted on ${url}`)
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    throw new Error(`ENS setup transaction ${String(hash)} was not mined on ${url}`)
  }
  const args = (types: string[], values: unknown[]) => encodeAbiParameters(types.map((type) => ({ type })), values).slice(2)
  const { registry, publicResolver, reverseRegistrar, universalResolver, ethRegistrar } = ensContracts
  const ens = '@ensdomains/ens/build/contracts/'
  // In nonce order: the addresses in ensContracts depend on it. The reverse registrar comes before anything owns addr.reverse.
  await send(null, artifact(`${ens}ENSRegistry.json`))
  await send(null, `${artifact('@ensdomains/resolver/build/contracts/PublicResolver.json')}${args(['address'], [registry])}`)
  await send(null, `${artifact(`${ens}ReverseRegistrar.json`)}${args(['address', 'address'], [registry, publicResolver])}`)
  await send(null, `${universalResolverCode}${args(['address'], [registry])}`)
  await send(null, `${artifact(`${ens}FIFSRegistrar.json`)}${args(['address', 'bytes32'], [registry, namehash('eth')])}`)
  const toRegistry = (functionName: 'setSubnodeOwner' | 'setSubnodeRecord' | 'setOwner', values: readonly unknown[]) =>
    send(registry, encodeFunctionData({ abi: registryAbi, functionName, args: values } as Parameters<typeof encodeFunctionData>[0]))
  const toResolver = (functionName: 'setAddr' | 'setText' | 'setName', values: readonly unknown[]) =>
    send(publicResolver, encodeFunctionData({ abi: resolverAbi, functionName, args: values } as Parameters<typeof encodeFunctionData>[0]))
  await toRegistry('setSubnodeOwner', [zeroHash, labelhash('reverse'), ensDeployer])
  await toRegistry('setSubnodeOwner', [namehash('reverse'), labelhash('addr'), ensDeployer])
  await toRegistry('setSubnodeOwner', [zeroHash, labelhash('eth'), ensDeployer])
  for (const entry of names) {
    const [label, ...rest] = entry.name.split('.')
    const node = namehash(entry.name)
    await toRegistry('setSubnodeRecord', [namehash(rest.join('.')), labelhash(label!), ensDeployer, publicResolver, 0n])
    await toResolver('setAddr', [node, entry.address])
    if (entry.avatar) await toResolver('setText', [node, 'avatar', entry.avatar])
    await toRegistry('setOwner', [node, entry.address])
    if (!entry.reverse) continue
    const reverse = reverseNode(entry.address)
    await toRegistry('setSubnodeRecord', [namehash('addr.reverse'), labelhash(entry.address.slice(2).toLowerCase()), ensDeployer, publicResolver, 0n])
    await toResolver('setName', [reverse, entry.name])
    await toRegistry('setOwner', [reverse, entry.address])
  }
  await toRegistry('setOwner', [namehash('addr.reverse'), reverseRegistrar])
  await toRegistry('setOwner', [namehash('eth'), ethRegistrar])
  await rpc(url, 'anvil_stopImpersonatingAccount', [ensDeployer])
  return ensContracts
}
