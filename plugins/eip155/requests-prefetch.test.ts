import { describe, expect, it, vi } from 'vitest'
import { createLatch } from '../../kernel/index'
import { createTestNetwork, createTestPorts } from '../../kernel/testing'
import { createFakeWindow } from '../../scripts/testing/eip155-test-wallet'
import { eip155 } from './index'
import { lazyCode } from './effect'
import { lazyCode as pluginCode } from './plugin'

// Nothing of the plugin's lazy code is loaded in this file's modules (each test file has its own).
describe('the wallet-request code (docs/behaviour.md, "What loads when")', () => {
  it('is fetched once the page is idle after the instance starts, before anything is asked, so a first click does not wait for it', async () => {
    expect(lazyCode.requests.loaded()).toBeUndefined()
    // The plugin's effect, which loads as the instance starts, already here (as on a page where it has arrived).
    await pluginCode.effect.load()
    const win = createFakeWindow()
    const t = createTestPorts()
    createLatch({ networks: [createTestNetwork('eip155', 1)], plugins: [eip155()], ports: { ...t.ports, window: win.window } })
    // The fake window has no requestIdleCallback: the plugin's timer on the clock port stands for it.
    t.advance(1)
    await vi.waitFor(() => expect(lazyCode.requests.loaded()).toBeDefined(), { timeout: 4_000 })
    // Nothing else was loaded for it: the balance, the name lookups and the generic requests wait for their own need.
    expect(lazyCode.balance.loaded()).toBeUndefined()
    expect(lazyCode.walletRpc.loaded()).toBeUndefined()
  })
})
