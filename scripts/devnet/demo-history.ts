/**
 * A few past transactions of the demo's account (anvil's first) on the first anvil, so Activity has a history to show
 * (docs/behaviour.md, "Activity"): ether received and sent, demo tokens sent and received, an approval, and ether
 * passed on by a contract (an internal transfer), spread over the last three months. The anvil must start in the past
 * (`startAnvil({ timestamp })`); the chain's clock is then brought back to now.
 */
import { encodeFunctionData, erc20Abi, pad, parseEther, parseUnits, type Hex } from 'viem'
import { anvilAccounts } from './anvil'
import { demoTokens } from './tokens'

/** A contract that passes the ether it gets on to the address in its call data: CALL(gas, calldataload(0), callvalue). */
export const forwarderCode: Hex = '0x6000600060006000346000355af15000'
/** Where the demo installs it (outside any CREATE range). */
export const forwarderAddress = '0x1A7C0000000000000000000000000000000000F0' as const

/** How far back the demo's history starts, in days: the anvil's genesis must be older. */
export const historyDays = 100

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const json = (await response.json()) as { result?: unknown; error?: { message: string } }
  if (json.error) throw new Error(`${method}: ${json.error.message}`)
  return json.result
}

const day = 86_400
const [me, alice, bob] = anvilAccounts
const [dusd, demo] = demoTokens as [(typeof demoTokens)[0], (typeof demoTokens)[0]]
const transfer = (to: string, amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to as Hex, amount] })
const approve = (spender: string, amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender as Hex, amount] })

/** The history, oldest first: days ago, sender, and the call. */
export const demoHistory: readonly { daysAgo: number; from: string; to: string; value?: bigint; data?: Hex }[] = [
  { daysAgo: 80, from: alice, to: me, value: parseEther('1.5') },
  { daysAgo: 47, from: me, to: bob, value: parseEther('0.2') },
  { daysAgo: 46, from: me, to: dusd.address, data: transfer(alice, parseUnits('25', dusd.decimals)) },
  { daysAgo: 20, from: bob, to: demo.address, data: transfer(me, parseUnits('10', demo.decimals)) },
  { daysAgo: 12, from: alice, to: forwarderAddress, value: parseEther('0.05'), data: pad(me as Hex, { size: 32 }) },
  { daysAgo: 3, from: me, to: dusd.address, data: approve(alice, parseUnits('100', dusd.decimals)) },
]

/** Sends the demo history on the anvil at `url` (its accounts are unlocked), then sets its clock to `now` (ms). */
export async function makeDemoHistory(url: string, now: number = Date.now()): Promise<void> {
  const seconds = Math.floor(now / 1000)
  await rpc(url, 'anvil_setCode', [forwarderAddress, forwarderCode])
  for (const step of demoHistory) {
    await rpc(url, 'evm_setNextBlockTimestamp', [seconds - step.daysAgo * day])
    const hash = await rpc(url, 'eth_sendTransaction', [
      { from: step.from, to: step.to, ...(step.value ? { value: `0x${step.value.toString(16)}` } : {}), ...(step.data ? { data: step.data } : {}) },
    ])
    const receipt = await receiptOf(url, hash as string)
    if (receipt?.status !== '0x1') throw new Error(`demo history: the transaction ${step.daysAgo} days ago did not succeed (${JSON.stringify(receipt)})`)
  }
  await setClock(url, now)
}

/** The transaction's receipt, once mined (anvil mines each at once, but may answer before its receipt is stored). */
async function receiptOf(url: string, hash: string): Promise<{ status: string } | null> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const receipt = (await rpc(url, 'eth_getTransactionReceipt', [hash])) as { status: string } | null
    if (receipt) return receipt
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return null
}

/** Brings the clock of an anvil started in the past to `now` (ms): the next blocks follow the wall clock from there. */
export async function setClock(url: string, now: number = Date.now()): Promise<void> {
  await rpc(url, 'evm_setNextBlockTimestamp', [Math.floor(now / 1000)])
  await rpc(url, 'evm_mine', [])
}
