// @vitest-environment jsdom
import { mkdirSync, writeFileSync } from 'node:fs'
import { act, Profiler, type ReactNode } from 'react'
import { afterAll, describe, expect, it } from 'vitest'
import { accountBalanceUpdated, cacheStored, networkApprovedSet } from '../kernel/index'
import { AccountButton } from './components/AccountButton/AccountButton'
import { ConnectButton } from './components/ConnectButton/ConnectButton'
import { NetworkButton } from './components/NetworkButton/NetworkButton'
import { connectAccount, renderWithLatch, settle, setup, shadow } from '../scripts/testing/ui'

// Re-renders of a page with the modal open on a connected account (issue 4, item 5). The counts
// are deterministic, so the goals are asserted here; `npm run bench` prints the same figures.
const figures: Record<string, unknown> = {}

async function mount() {
  const t = setup()
  const commits: string[] = []
  const commitTimes = new Set<number>()
  const counted = (id: string, node: ReactNode) => (
    <Profiler
      id={id}
      onRender={(profiler, phase, _actual, _base, _start, commitTime) => {
        if (phase === 'mount') return
        commits.push(profiler)
        commitTimes.add(commitTime)
      }}
    >
      {node}
    </Profiler>
  )
  connectAccount(t.latch)
  const view = await renderWithLatch({
    latch: t.latch,
    children: counted('page', <>{counted('ConnectButton', <ConnectButton />)}{counted('AccountButton', <AccountButton />)}{counted('NetworkButton', <NetworkButton />)}</>),
  })
  act(() => void t.latch.dispatch({ type: 'modal/opened', payload: { view: { name: 'Account' } } }))
  await settle()
  commits.length = 0
  commitTimes.clear()
  return { ...t, commits, commitTimes, view }
}

describe('re-renders with the modal open on a connected account', () => {
  it('an unrelated slice changing commits nothing', async () => {
    const { latch, commits, view } = await mount()
    const modal = shadow().innerHTML
    const events = 100
    act(() => {
      for (let i = 0; i < events; i++) {
        latch.dispatch(cacheStored({ cache: 'balance', key: `eip155:1:0x${i}`, value: `${i}` }))
        latch.dispatch(networkApprovedSet({ caipNetworkIds: [`solana:${i}`], supportsAllNetworks: i % 2 === 0 }, { ns: 'solana' }))
      }
    })
    figures.unrelated = { events: events * 2, commits: commits.length, perEvent: commits.length / (events * 2) }
    expect(commits).toEqual([])
    expect(shadow().innerHTML).toBe(modal)
    await view.unmount()
  })

  it('a balance change re-renders only what shows the balance, in one commit per event', async () => {
    const { latch, commits, commitTimes, view } = await mount()
    const events = 20
    for (let i = 1; i <= events; i++) act(() => void latch.dispatch(accountBalanceUpdated({ balance: `${i}.5`, symbol: 'ETH' }, { ns: 'eip155' })))
    // 'page' is the Profiler around all three buttons: it reports whenever one of them rendered.
    const rendered = [...new Set(commits)].filter((id) => id !== 'page').sort()
    figures.balance = { events, commits: commitTimes.size, perEvent: commitTimes.size / events, components: rendered, modalShowsBalance: shadow().textContent?.includes('20.5') ?? false }
    // ConnectButton shows the account (with its balance) once connected; NetworkButton does not show a balance.
    expect(rendered).toEqual(['AccountButton', 'ConnectButton'])
    expect(commits.filter((id) => id === 'AccountButton')).toHaveLength(events)
    expect(commitTimes.size).toBeLessThanOrEqual(events)
    expect(figures.balance).toMatchObject({ modalShowsBalance: true })
    await view.unmount()
  })

  afterAll(() => {
    mkdirSync('.cache', { recursive: true })
    writeFileSync('.cache/renders.json', `${JSON.stringify(figures, null, 2)}\n`)
  })
})
