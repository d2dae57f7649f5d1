import { VirtualTimeScheduler } from 'rxjs'
import { describe, expect, it } from 'vitest'
import type { Eip1193Provider } from './provider'
import { createWalletRequests } from './wallet-requests'

// A wallet that never answers, and counts what it was asked.
function silentWallet() {
  const asked: string[] = []
  const provider: Eip1193Provider = { request: ({ method }) => (asked.push(method), new Promise(() => {})) }
  return { provider, asked }
}

describe('createWalletRequests().since() (an intent answered after its code loaded, kernel/family/lazy.ts)', () => {
  it('fails a request as a cancel or a change of connection since the mark would have failed it, without asking the wallet', async () => {
    const requests = createWalletRequests(new VirtualTimeScheduler())
    const wallet = silentWallet()
    const cancelled = requests.since()
    const changed = requests.since()
    requests.abort('the visitor cancelled')
    const changedOnly = requests.since()
    requests.connectionChanged()
    await expect(cancelled.request(wallet.provider, 'personal_sign', [], { bound: true })).rejects.toMatchObject({ code: 'REQUEST_ABORTED', details: 'the visitor cancelled' })
    // A read-only request survives a cancel, not a change of the connection it is bound to.
    await expect(changed.request(wallet.provider, 'eth_getCode', [], { bound: true, safe: true })).rejects.toMatchObject({
      code: 'REQUEST_ABORTED',
      details: 'the connection this request was made for has ended or been replaced',
    })
    await expect(changedOnly.request(wallet.provider, 'personal_sign', [], { bound: true })).rejects.toMatchObject({ details: 'the connection this request was made for has ended or been replaced' })
    expect(wallet.asked).toEqual([])
    // What nothing failed goes to the wallet.
    void changedOnly.request(wallet.provider, 'eth_getCode', [], { safe: true })
    await Promise.resolve()
    expect(wallet.asked).toEqual(['eth_getCode'])
  })

  it('records nothing once released', async () => {
    const requests = createWalletRequests(new VirtualTimeScheduler())
    const wallet = silentWallet()
    const mark = requests.since()
    mark.release()
    requests.abort('the visitor cancelled')
    void mark.request(wallet.provider, 'personal_sign', [])
    await Promise.resolve()
    expect(wallet.asked).toEqual(['personal_sign'])
  })
})
