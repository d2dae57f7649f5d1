// @vitest-environment jsdom
import { act } from 'react'
import { filter, from, merge, mergeMap } from 'rxjs'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  accountConnected,
  accountProfileUpdated,
  accountDisconnected,
  definePlugin,
  modalOpened,
  routerPushed,
  walletConnectRequested,
  walletConnectSucceeded,
  walletDisconnectRequested,
  walletDisconnectSucceeded,
  type ChainNamespace,
} from '../../../../kernel/index'
import { createTestNetwork } from '../../../../kernel/testing'
import { button, click, connector, dialog, discover, focused, preloadAll, renderWithLatch, settle, setup, shadow } from '../../../../scripts/testing/ui'

// docs/behaviour.md, "Several connections": the Wallets view over EVM, Solana and Bitcoin.
const networks = [createTestNetwork('eip155', 1, { name: 'Ethereum' }), createTestNetwork('solana', 'devnet', { name: 'Solana Devnet' }), createTestNetwork('bip122', 'testnet', { name: 'Bitcoin Testnet' })]
const accounts: Record<string, { ns: ChainNamespace; caip: `${string}:${string}:${string}`; all?: { address: string; type?: 'payment' | 'ordinal' | 'smartAccount' | 'eoa' }[] }> = {
  metamask: { ns: 'eip155', caip: 'eip155:1:0x1111111111111111111111111111111111111111' },
  rabby: { ns: 'eip155', caip: 'eip155:1:0x2222222222222222222222222222222222222222' },
  // The embedded wallet's smart account and the EOA that owns it.
  email: {
    ns: 'eip155',
    caip: 'eip155:1:0x4444444444444444444444444444444444444444',
    all: [
      { address: '0x4444444444444444444444444444444444444444', type: 'smartAccount' },
      { address: '0x5555555555555555555555555555555555555555', type: 'eoa' },
    ],
  },
  xverse: {
    ns: 'bip122',
    caip: 'bip122:testnet:tb1qpayment1aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    all: [
      { address: 'tb1qpayment1aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', type: 'payment' },
      { address: 'tb1qpayment2bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb', type: 'payment' },
      { address: 'tb1pordinals0cccccccccccccccccccccccccccccccccccccccccccc', type: 'ordinal' },
    ],
  },
}

/** Wallets that connect at once with the accounts above, and disconnect at once. */
const family = definePlugin({
  name: 'family',
  effects: [
    (events$) =>
      merge(
        events$.pipe(
          filter(walletConnectRequested.match),
          mergeMap((e) => {
            const wallet = accounts[e.payload.connectorId]
            const caipAddress = wallet?.caip ?? 'eip155:1:0x0'
            return from([
              accountConnected({ caipAddress, connectorId: e.payload.connectorId, ...(wallet?.all ? { accounts: wallet.all } : {}) }, { ns: e.ns }),
              walletConnectSucceeded({ caipAddress }, { ns: e.ns, requestId: e.requestId }),
            ])
          }),
        ),
        events$.pipe(
          filter(walletDisconnectRequested.match),
          mergeMap((e) => from([accountDisconnected({}, { ns: e.ns }), walletDisconnectSucceeded({}, { ns: e.ns, requestId: e.requestId })])),
        ),
      ),
  ],
})

let cleanup: (() => Promise<void>) | undefined
beforeAll(async () => {
  await preloadAll()
  // Loaded once here, as a page loads them once: a switch then waits for no import (docs/chunks.md).
  await Promise.all([import('../../../../kernel/actions/switch-connection'), import('../../../../plugins/eip155/requests'), import('../../../../plugins/bip122/wallet')])
})
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

async function open() {
  const t = setup({ plugins: [family], networks: networks as never })
  cleanup = (await renderWithLatch({ latch: t.latch, children: null })).unmount
  discover(t.latch, [
    connector('metamask', 'MetaMask'),
    connector('rabby', 'Rabby'),
    connector('xverse', 'Xverse', { chain: 'bip122' }),
    connector('phantom', 'Phantom', { chain: 'solana' }),
  ])
  const connect = (connectorId: string) =>
    act(() => {
      const wallet = accounts[connectorId] as (typeof accounts)[string]
      t.latch.dispatch({ type: 'wallet/connectRequested', ns: wallet.ns, payload: { connectorId }, requestId: `r-${connectorId}` })
    })
  connect('metamask')
  connect('rabby')
  connect('xverse')
  act(() => void t.latch.dispatch(modalOpened({ view: { name: 'Account' } })))
  await settle()
  return t
}

const sections = () => [...shadow().querySelectorAll('.profile-family')].map((s) => s.querySelector('h3')?.textContent)

describe('ProfileWallets', () => {
  it("names the type of each of a connection's EVM accounts when it has a smart account and its EOA", async () => {
    const { latch } = await open()
    act(() => discover(latch, [connector('email', 'Email wallet')]))
    act(() => void latch.dispatch({ type: 'wallet/connectRequested', ns: 'eip155', payload: { connectorId: 'email' }, requestId: 'r-email' }))
    act(() => void latch.dispatch(routerPushed({ view: { name: 'ProfileWallets' } })))
    await settle()
    const evm = shadow().querySelector('.profile-family') as HTMLElement
    const rows = [...evm.querySelectorAll('.profile-accounts li')]
    expect(rows.map((row) => row.querySelector('.tag[data-tone="neutral"]')?.textContent)).toEqual(['Smart account', 'EOA'])
    // Bitcoin's payment accounts carry no such tag.
    const bitcoin = [...shadow().querySelectorAll('.profile-family')][2] as HTMLElement
    expect(bitcoin.querySelectorAll('.profile-accounts .tag[data-tone="neutral"]')).toHaveLength(0)
  })

  it('is reached from Account, and lists every family with its connections, the active family first', async () => {
    const { latch } = await open()
    click(button('Wallets'))
    await settle()
    expect(latch.getState().router.history.at(-1)?.name).toBe('ProfileWallets')
    expect(sections()).toEqual(['EVM', 'Solana', 'Bitcoin'])
    const evm = shadow().querySelector('.profile-family') as HTMLElement
    expect([...evm.querySelectorAll('.profile-connection .row-name')].map((n) => n.textContent)).toEqual(['MetaMask', 'Rabby'])
    expect(evm.querySelector('[aria-current="true"] .row-name')?.textContent).toBe('Rabby')
    expect(button('Switch to MetaMask')).toBeTruthy()
    // Bitcoin offers its payment accounts only.
    const bitcoin = [...shadow().querySelectorAll('.profile-family')][2] as HTMLElement
    expect(bitcoin.querySelectorAll('.profile-accounts li')).toHaveLength(2)
  })

  it('switches to another connection and another account, and reports nothing wrong', async () => {
    const { latch } = await open()
    act(() => void latch.dispatch(routerPushed({ view: { name: 'ProfileWallets' } })))
    await settle()
    click(button('Switch to MetaMask'))
    await settle()
    expect(latch.getState().chains.eip155.connectorId).toBe('metamask')
    expect(shadow().querySelector('.profile-family [aria-current="true"] .row-name')?.textContent).toBe('MetaMask')
    const bitcoin = [...shadow().querySelectorAll('.profile-family')][2] as HTMLElement
    click(bitcoin.querySelectorAll<HTMLElement>('.profile-accounts button')[1] as HTMLElement)
    await settle()
    expect(latch.getState().chains.bip122.account.caipAddress).toBe('bip122:testnet:tb1qpayment2bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb')
    expect(latch.getState().activeNamespace).toBe('bip122')
    expect(sections()).toEqual(['Bitcoin', 'EVM', 'Solana'])
    expect(latch.getState().toast.current).toBeUndefined()
  })

  it('disconnects one connection, and adding a wallet of a family without one lists only that family', async () => {
    const { latch } = await open()
    act(() => void latch.dispatch(routerPushed({ view: { name: 'ProfileWallets' } })))
    await settle()
    click(button('Disconnect MetaMask'))
    click(button('Disconnect', shadow().querySelector('.profile-confirm') as HTMLElement))
    await settle()
    expect(latch.getState().connection.connections.eip155.map((c) => c.connectorId)).toEqual(['rabby'])
    click(button('Add Solana wallet'))
    await settle()
    expect(latch.getState().router.history.at(-1)?.name).toBe('Connect')
    expect(latch.getState().activeNamespace).toBe('solana')
    const names = [...shadow().querySelectorAll('.view .row-name')].map((n) => n.textContent)
    expect(names).toContain('Phantom')
    expect(names).not.toContain('MetaMask')
    expect(names).not.toContain('Xverse')
    // Closing without connecting one returns to a connected family.
    click(button('Close'))
    await settle()
    expect(latch.getState().activeNamespace).toBe('eip155')
    expect(dialog()).toBeNull()
  })

  it('marks the family the page is on, and labels each family\'s active wallet with its family', async () => {
    const { latch } = await open()
    act(() => void latch.dispatch(routerPushed({ view: { name: 'ProfileWallets' } })))
    await settle()
    const current = () => [...shadow().querySelectorAll('.profile-family')].filter((section) => section.querySelector('.family-head .tag')).map((section) => section.querySelector('h3')?.textContent)
    expect(current()).toEqual(['EVM'])
    const evm = shadow().querySelector('.profile-family') as HTMLElement
    expect(evm.getAttribute('aria-labelledby')?.split(' ').map((id) => shadow().getElementById(id)?.textContent)).toEqual(['EVM', 'Current'])
    const tags = [...shadow().querySelectorAll('.profile-connection .profile-sub .tag')].map((tag) => tag.textContent)
    expect(tags).toEqual(['Active on EVM', 'Active on Bitcoin'])
    // Bitcoin becomes the page's family: the mark moves with it.
    const bitcoin = [...shadow().querySelectorAll('.profile-family')][2] as HTMLElement
    click(bitcoin.querySelectorAll<HTMLElement>('.profile-accounts button')[1] as HTMLElement)
    await settle()
    expect(current()).toEqual(['Bitcoin'])
  })

  it('asks before disconnecting one wallet: Cancel keeps it (focus back on the icon), Disconnect ends it', async () => {
    const { latch } = await open()
    act(() => void latch.dispatch(routerPushed({ view: { name: 'ProfileWallets' } })))
    await settle()
    const icon = button('Disconnect Rabby')
    click(icon)
    await settle()
    expect(latch.getState().connection.connections.eip155.map((c) => c.connectorId)).toEqual(['metamask', 'rabby'])
    const confirm = shadow().querySelector('.profile-confirm') as HTMLElement
    expect(confirm.querySelector('.profile-confirm-text')?.textContent).toBe('Disconnect Rabby?')
    expect(confirm.querySelector('.profile-confirm-text bdi')?.textContent).toBe('Rabby')
    expect(icon.getAttribute('aria-expanded')).toBe('true')
    expect(focused()?.textContent).toBe('Cancel')
    click(button('Cancel', confirm))
    await settle()
    expect(shadow().querySelector('.profile-confirm')).toBeNull()
    expect(focused()).toBe(icon)
    expect(latch.getState().chains.eip155.connectorId).toBe('rabby')
    click(icon)
    await settle()
    click(button('Disconnect', shadow().querySelector('.profile-confirm') as HTMLElement))
    await settle()
    expect(latch.getState().connection.connections.eip155.map((c) => c.connectorId)).toEqual(['metamask'])
  })

  it("shows the connected account's name, as the header does", async () => {
    const { latch } = await open()
    act(() => void latch.dispatch(accountProfileUpdated({ name: 'rabby-user.eth' }, { ns: 'eip155' })))
    act(() => void latch.dispatch(routerPushed({ view: { name: 'ProfileWallets' } })))
    await settle()
    const evm = shadow().querySelector('.profile-family') as HTMLElement
    expect([...evm.querySelectorAll('.profile-connection bdi.row-sub')].map((sub) => sub.textContent)).toEqual(['0x1111…1111', 'rabby-user.eth'])
  })
})
