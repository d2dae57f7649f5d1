// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { connectorsDiscovered, modalOpened } from '../../kernel/index'
import { connector, setup } from '../../scripts/testing/ui'
import { heldImages, makeImages, walletListImages, warmWalletList } from './warm'

const svg = (label: string) => `data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'%3E%3Ctitle%3E${label}%3C/title%3E%3C/svg%3E`
const options = { isMobile: false }

/** Steps handed to `schedule`, run when the test says the browser is idle. */
function idleQueue() {
  const steps = new Set<() => void>()
  return {
    schedule(step: () => void) {
      steps.add(step)
      return () => void steps.delete(step)
    },
    runIdle() {
      const now = [...steps]
      steps.clear()
      for (const step of now) step()
    },
    get pending() {
      return steps.size
    },
  }
}

describe("the wallet list's images made ahead of the first open", () => {
  it('are the data: images of the rows the Connect view would show, never one that would leave the page', () => {
    const { latch } = setup()
    latch.dispatch(
      connectorsDiscovered({
        connectors: [
          connector('a', 'Wallet A', { imageUrl: svg('a') }),
          connector('b', 'Wallet B', { imageUrl: 'https://images.example/b.png' }),
          connector('c', 'Wallet C', { imageUrl: `${location.origin}/c.png` }),
          connector('d', 'Wallet D'),
          connector('e', 'Wallet E', { imageUrl: svg('a') }),
        ],
      }),
    )
    expect(walletListImages(latch.getState(), options)).toEqual([svg('a')])
  })

  it('are made once each and held', () => {
    expect(makeImages([svg('once'), svg('once-2')])).toEqual([svg('once'), svg('once-2')])
    expect(makeImages([svg('once'), svg('once-3')])).toEqual([svg('once-3')])
    expect(heldImages()).toEqual(expect.arrayContaining([svg('once'), svg('once-2'), svg('once-3')]))
  })

  it('are made when the browser is idle, again when a wallet is announced, and no longer once the modal has opened', () => {
    const { latch } = setup()
    latch.dispatch(connectorsDiscovered({ connectors: [connector('first', 'First', { imageUrl: svg('first') })] }))
    const idle = idleQueue()
    const stop = warmWalletList(latch, idle.schedule)
    expect(heldImages()).not.toContain(svg('first'))
    idle.runIdle()
    expect(heldImages()).toContain(svg('first'))

    latch.dispatch(connectorsDiscovered({ connectors: [connector('second', 'Second', { imageUrl: svg('second') })] }))
    expect(idle.pending).toBe(1)
    idle.runIdle()
    expect(heldImages()).toContain(svg('second'))

    latch.dispatch(modalOpened({}))
    latch.dispatch(connectorsDiscovered({ connectors: [connector('third', 'Third', { imageUrl: svg('third') })] }))
    expect(idle.pending).toBe(0)
    idle.runIdle()
    expect(heldImages()).not.toContain(svg('third'))
    stop()
  })
})
