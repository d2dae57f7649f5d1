// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { accountBalanceUpdated, accountProfileUpdated, networkSwitched } from '../../../kernel/index'
import { connectAccount, renderWithLatch, setup } from '../../../scripts/testing/ui'
import { AccountButton } from '../AccountButton/AccountButton'
import { ConnectButtonRenderer } from '../ConnectButtonRenderer/ConnectButtonRenderer'
import { NetworkButton } from '../NetworkButton/NetworkButton'
import { ConnectButton } from './ConnectButton'

let cleanup: (() => Promise<void>) | undefined
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

async function mount(children: React.ReactNode) {
  const t = setup()
  const rendered = await renderWithLatch({ latch: t.latch, children })
  cleanup = rendered.unmount
  return { ...t, container: rendered.container }
}

describe('ConnectButton', () => {
  it('says Connect Wallet and opens Connect', async () => {
    const { latch, container } = await mount(<ConnectButton />)
    const button = container.querySelector('button') as HTMLButtonElement
    expect(button.textContent).toBe('Connect Wallet')
    expect(button.getAttribute('aria-haspopup')).toBe('dialog')
    expect(button.getAttribute('data-theme')).toBe('system')
    act(() => button.click())
    expect(latch.getState().router).toMatchObject({ open: true, history: [{ name: 'Connect' }] })
  })

  it('shows the account like AccountButton once connected, and opens Account', async () => {
    const { latch, container } = await mount(<ConnectButton />)
    connectAccount(latch)
    act(() => void latch.dispatch(accountBalanceUpdated({ balance: '12.3456', symbol: 'ETH' }, { ns: 'eip155' })))
    const button = container.querySelector('button') as HTMLButtonElement
    expect(button.textContent).toBe('12.345 ETH0x1234…abcd')
    expect(button.getAttribute('aria-label')).toBe('Account 0x1234…abcd, balance 12.345 ETH')
    act(() => button.click())
    expect(latch.getState().router.history).toEqual([{ name: 'Account' }])
  })

  it('stays the account button on an unsupported network (NetworkButton warns)', async () => {
    const { latch, container } = await mount(
      <>
        <NetworkButton />
        <ConnectButton />
      </>,
    )
    connectAccount(latch)
    const foreign = { ...latch.getState().chains.eip155.network.requestedCaipNetworks[0]!, id: 56, caipNetworkId: 'eip155:56' as const, name: 'BNB' }
    act(() => void latch.dispatch(networkSwitched({ caipNetworkId: 'eip155:56', network: foreign }, { ns: 'eip155' })))
    const [network, account] = container.querySelectorAll('button')
    expect(network?.textContent).toContain('Wrong network')
    expect(network?.getAttribute('data-unsupported')).toBe('true')
    expect(network?.getAttribute('aria-label')).toBe('Unsupported network BNB: switch network')
    expect(account?.textContent).toContain('0x1234…abcd')
    act(() => network?.click())
    expect(latch.getState().router.history).toEqual([{ name: 'UnsupportedChain' }])
  })
})

describe('AccountButton and NetworkButton', () => {
  it('AccountButton shows the profile name instead of the address; nothing while disconnected', async () => {
    const { latch, container } = await mount(<AccountButton />)
    expect(container.querySelector('button')).toBeNull()
    connectAccount(latch)
    act(() => void latch.dispatch(accountProfileUpdated({ name: 'satoshi.eth' }, { ns: 'eip155' })))
    expect(container.querySelector('button')?.textContent).toBe('satoshi.eth')
  })

  it('NetworkButton names the active network and opens the network list', async () => {
    const { latch, container } = await mount(<NetworkButton />)
    const button = container.querySelector('button') as HTMLButtonElement
    expect(button.textContent).toBe('EEthereum')
    expect(button.getAttribute('aria-label')).toBe('Network Ethereum: switch network')
    act(() => button.click())
    expect(latch.getState().router.history).toEqual([{ name: 'Networks' }])
  })

  it('the theme mode reaches the buttons as data-theme', async () => {
    const { latch, container } = await mount(<NetworkButton />)
    act(() => void latch.dispatch({ type: 'latch/configured', payload: { networks: latch.getState().chains.eip155.network.requestedCaipNetworks, themeMode: 'dark' } }))
    expect(container.querySelector('button')?.getAttribute('data-theme')).toBe('dark')
  })
})

describe('ConnectButtonRenderer', () => {
  it('hands the state and the open verbs to its render function', async () => {
    const states: Parameters<React.ComponentProps<typeof ConnectButtonRenderer>['children']>[0][] = []
    const { latch, container } = await mount(
      <ConnectButtonRenderer>
        {(state) => {
          states.push(state)
          return state.isConnected ? <span>{state.account?.displayName}</span> : <button onClick={state.openConnectModal}>Sign in</button>
        }}
      </ConnectButtonRenderer>,
    )
    expect(states.at(-1)).toMatchObject({ isConnected: false, status: 'disconnected', network: { name: 'Ethereum', isSupported: true } })
    act(() => container.querySelector('button')?.click())
    expect(latch.getState().router.open).toBe(true)
    connectAccount(latch)
    expect(container.textContent).toBe('0x1234…abcd')
    act(() => states.at(-1)?.openNetworkModal())
    expect(latch.getState().router.history).toEqual([{ name: 'Networks' }])
  })
})
