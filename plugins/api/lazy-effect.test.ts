import { filter, firstValueFrom } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { createLatch, definePlugin, modalOpened } from '../../kernel/index'
import { chunk } from '../../kernel/family/lazy'
import { createTestNetwork, createTestPorts } from '../../kernel/testing'
import { walletListEvents, walletListPageRequested } from './events'
import { lazyEffect } from './lazy-effect'
import { initialWalletListState, walletListReducers } from './state'

// docs/behaviour.md, "What loads when": the api plugin's effect loads as the instance starts; when it cannot, what was
// asked of it meanwhile is answered, and the modal opening tries again.
describe("the api plugin's effect, loaded as the instance starts", () => {
  it('when it does not load, a wallet-list page asked for meanwhile fails with NETWORK_ERROR (the list shows its error); the modal opening imports it again', async () => {
    let imports = 0
    let fail: ((error: Error) => void) | undefined
    const code = chunk<typeof import('./effect')>(() => {
      imports++
      return new Promise((_, reject) => (fail = reject))
    })
    const plugin = definePlugin({ name: 'api', events: walletListEvents, slices: { walletList: initialWalletListState() }, update: walletListReducers, effects: [lazyEffect({ excludedWalletIds: [] }, code)] })
    const latch = createLatch({ networks: [createTestNetwork('eip155', 1)], plugins: [plugin], ports: createTestPorts().ports, logLevel: 'silent' })
    expect(imports).toBe(1)
    const answered = firstValueFrom(latch.events$.pipe(filter((event) => event.type === 'walletList/failed')))
    latch.dispatch(walletListPageRequested({ page: 1 }))
    fail?.(new Error('offline'))
    expect((await answered).payload).toMatchObject({ error: { code: 'NETWORK_ERROR' } })
    latch.dispatch(modalOpened({}))
    expect(imports).toBe(2)
    latch.destroy()
  })
})
