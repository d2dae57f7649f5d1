import { formatUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { balanceWatchStarted, balanceWatchStopped, connect, sendTransaction } from '../../kernel/index'
import { countingFetch, untilMined } from '../../scripts/testing/counting-fetch'
import { anvilAccounts, rpc, setup, useChains } from '../../scripts/testing/eip155-harness'
import { createFakeWindow } from '../../scripts/testing/eip155-test-wallet'
import { eip155 } from './index'

// docs/behaviour.md, "Balance refresh", on anvil through the kernel, on virtual time.
const walletId = 'test.latch.wallet'
const chains = useChains()
const interval = 4_000

async function chainBalance(url: string, address: string): Promise<string> {
  return formatUnits(BigInt((await rpc(url, 'eth_getBalance', [address, 'latest'])) as string), 18)
}

describe('native balance refresh', () => {
  it('polls once per interval while a component shows the balance, and stops when none does', async () => {
    const rpcLog = countingFetch()
    const h = setup(chains, { fetch: rpcLog.fetch })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await rpcLog.idle()
    expect(rpcLog.count('eth_getBalance')).toBe(1)

    // Nothing shows it: time passes, nothing is asked.
    h.t.advance(10 * interval)
    await rpcLog.idle()
    expect(rpcLog.count('eth_getBalance')).toBe(1)

    // Shown twice (the button and the modal): the figure is older than the 30 s cache, so it is read
    // at once, then once per interval however many components show it.
    h.latch.dispatch(balanceWatchStarted({ kind: 'native' }))
    h.latch.dispatch(balanceWatchStarted({ kind: 'native' }))
    await rpcLog.idle()
    expect(rpcLog.count('eth_getBalance')).toBe(2)
    for (let step = 1; step <= 20; step++) {
      h.t.advance(interval / 4)
      await rpcLog.idle()
      expect(rpcLog.count('eth_getBalance')).toBe(2 + Math.floor(step / 4))
    }

    h.latch.dispatch(balanceWatchStopped({ kind: 'native' }))
    h.t.advance(interval)
    await rpcLog.idle()
    expect(rpcLog.count('eth_getBalance')).toBe(8)
    h.latch.dispatch(balanceWatchStopped({ kind: 'native' }))
    h.t.advance(20 * interval)
    await rpcLog.idle()
    expect(rpcLog.count('eth_getBalance')).toBe(8)
    expect(h.latch.getState().balances.watchers.native).toBe(0)
  })

  it('never piles up requests on a node slower than the interval: one at a time', async () => {
    const sent: AbortSignal[] = []
    const hanging: typeof fetch = (input, init) => {
      const method = (JSON.parse(String(init?.body)) as { method: string }).method
      if (method !== 'eth_getBalance') return globalThis.fetch(input, init)
      if (init?.signal) sent.push(init.signal)
      return new Promise(() => {})
    }
    const h = setup(chains, { fetch: hanging })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    h.latch.dispatch(balanceWatchStarted({ kind: 'native' }))
    // Each read gives up after 10 s; polls meanwhile wait for it instead of starting more.
    h.t.advance(60_000)
    expect(sent.length).toBeLessThanOrEqual(60_000 / 10_000 + 1)
    expect(sent.filter((signal) => !signal.aborted).length).toBeLessThanOrEqual(1)
  })

  it('shows the new balance after the visitor’s own transaction is mined, without a reload or a watcher', async () => {
    const rpcLog = countingFetch()
    const h = setup(chains, { fetch: rpcLog.fetch })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await rpcLog.idle()
    const before = h.latch.getState().chains.eip155.account.balance
    expect(before).toBe(await chainBalance(chains.a.url, anvilAccounts[0]))

    const { hash } = await sendTransaction(h.latch, { to: anvilAccounts[2], value: 10n ** 17n })
    await untilMined(h, rpcLog)
    const expected = await chainBalance(chains.a.url, anvilAccounts[0])
    expect(expected).not.toBe(before)
    expect(h.latch.getState().chains.eip155.account.balance).toBe(expected)
    const mined = h.events.find((e) => e.type === 'eip155/receiptReceived')
    expect(mined?.payload).toMatchObject({ hash, status: 'success', caipAddress: `eip155:31337:${anvilAccounts[0]}` })
    // Once mined, the receipt is not asked for again.
    const receipts = rpcLog.count('eth_getTransactionReceipt')
    h.t.advance(10 * interval)
    await rpcLog.idle()
    expect(rpcLog.count('eth_getTransactionReceipt')).toBe(receipts)
  })

  it('stops polling while the page is hidden and reads once when it is visible again', async () => {
    const win = createFakeWindow()
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState })
    Object.assign(win.target, { document: doc })
    const rpcLog = countingFetch()
    const h = setup(chains, { fetch: rpcLog.fetch, win })
    h.wallet.announceOn(win.target)
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    h.latch.dispatch(balanceWatchStarted({ kind: 'native' }))
    await rpcLog.idle()
    const reads = () => rpcLog.count('eth_getBalance')
    expect(reads()).toBe(1)

    doc.visibilityState = 'hidden'
    doc.dispatchEvent(new Event('visibilitychange'))
    expect(h.latch.getState().page.visible).toBe(false)
    h.t.advance(10 * interval)
    await rpcLog.idle()
    expect(reads()).toBe(1)

    doc.visibilityState = 'visible'
    doc.dispatchEvent(new Event('visibilitychange'))
    await rpcLog.idle()
    expect(reads()).toBe(2)
    h.t.advance(interval)
    await rpcLog.idle()
    expect(reads()).toBe(3)
    expect(h.types().filter((t) => t === 'page/visibilityChanged')).toHaveLength(2)
  })

  it('refuses a polling interval under 1 s', () => {
    expect(() => eip155({ pollingInterval: 10 })).toThrow(/pollingInterval/)
  })
})
