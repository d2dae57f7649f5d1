// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { accountAddressChanged, accountConnected, modalOpened, networkSmartAccountNetworksSet, networkSwitched, type Plugin } from '../../../../kernel/index'
import { embeddedAccountType, embeddedErrors, embeddedUserChanged, embeddedWallet } from '../../../../plugins/embedded/index'
import { click, lastRequest, preloadAll, renderWithLatch, settle, setup, shadow } from '../../../../scripts/testing/ui'

// docs/embedded-wallet.md, "Account types": Account names the active EVM account's type and, for the embedded wallet
// on a network with smart accounts, offers the other one; the test answers the plugin's intent as its effect would.

let cleanup: (() => Promise<void>) | undefined
beforeAll(preloadAll)
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

const embeddedViews: Plugin = { ...embeddedWallet({ frameUrl: 'http://127.0.0.1:4000/frame' }), effects: [] }
const smart = '0x5555555555555555555555555555555555555555'
const eoa = '0x1111111111111111111111111111111111111111'
const typed = [
  { address: smart, type: 'smartAccount' as const },
  { address: eoa, type: 'eoa' as const },
]

async function openAccount(options: { connectorId?: string; enabled?: number[]; accounts?: typeof typed } = {}) {
  const t = setup({ plugins: [embeddedViews] })
  cleanup = (await renderWithLatch({ latch: t.latch, children: null })).unmount
  const accounts = options.accounts ?? typed
  act(() => {
    t.latch.dispatch(embeddedUserChanged({ user: { email: 'visitor@example.com', addresses: { eip155: accounts[0]!.address }, accounts } }))
    t.latch.dispatch(accountConnected({ caipAddress: `eip155:1:${accounts[0]!.address}`, connectorId: options.connectorId ?? 'AUTH', accounts }, { ns: 'eip155' }))
    t.latch.dispatch(networkSwitched({ caipNetworkId: 'eip155:1' }, { ns: 'eip155' }))
    t.latch.dispatch(networkSmartAccountNetworksSet({ chainIds: options.enabled ?? [1] }, { ns: 'eip155' }))
    t.latch.dispatch(modalOpened({ view: { name: 'Account' } }))
  })
  await settle()
  return t
}

const label = () => shadow().querySelector('.account-type')?.textContent
const switchRow = () => shadow().querySelector<HTMLButtonElement>('[data-feature="account-type"] button')

describe("Account's account type", () => {
  it('names the active account and switches to the EOA and back through the plugin, busy while it runs', async () => {
    const t = await openAccount()
    expect(label()).toBe('Smart account')
    expect(switchRow()?.textContent).toBe('Switch to your EOA')
    click(switchRow()!)
    const asked = lastRequest(t.events, 'embedded/accountTypeRequested')
    expect(asked.payload).toEqual({ ns: 'eip155', type: 'eoa' })
    await settle()
    expect(switchRow()?.textContent).toBe('Switching account…')
    expect(switchRow()?.getAttribute('aria-busy')).toBe('true')
    // A second click while it runs asks nothing more.
    click(switchRow()!)
    expect(t.ofType('embedded/accountTypeRequested')).toHaveLength(1)
    act(() => {
      t.latch.dispatch(accountAddressChanged({ caipAddress: `eip155:1:${eoa}`, accounts: [typed[1]!, typed[0]!] }, { ns: 'eip155' }))
      t.latch.dispatch(embeddedAccountType.succeeded({ caipAddress: `eip155:1:${eoa}`, type: 'eoa' }, { requestId: asked.requestId }))
    })
    await settle()
    expect(label()).toBe('EOA')
    expect(switchRow()?.textContent).toBe('Switch to smart account')
    click(switchRow()!)
    expect(lastRequest(t.events, 'embedded/accountTypeRequested').payload).toEqual({ ns: 'eip155', type: 'smartAccount' })
  })

  it('shows a failed switch as an error toast', async () => {
    const t = await openAccount()
    click(switchRow()!)
    const asked = lastRequest(t.events, 'embedded/accountTypeRequested')
    await act(async () => {
      t.latch.dispatch(embeddedAccountType.failed({ error: embeddedErrors.error('ACCOUNT_TYPE_SWITCH_FAILED', { details: 'the bundler did not answer' }).toData() }, { requestId: asked.requestId }))
      await Promise.resolve()
    })
    await settle()
    expect(t.latch.getState().toast).toMatchObject({ open: true, current: { variant: 'error', messageId: 'error.ACCOUNT_TYPE_SWITCH_FAILED' } })
    expect(shadow().textContent).toContain('The account could not be switched. Your EOA is in use.')
  })

  it('offers no switch on a network without smart accounts, nor for another wallet; no label without typed accounts', async () => {
    await openAccount({ enabled: [10] })
    expect(label()).toBe('Smart account')
    expect(switchRow()).toBeNull()
    await cleanup?.()
    await openAccount({ connectorId: 'metamask' })
    expect(switchRow()).toBeNull()
    await cleanup?.()
    // The EOA on a network without smart accounts: the frame gave no smart account, nothing to switch to.
    await openAccount({ accounts: [typed[1]!] })
    expect(label()).toBe('EOA')
    expect(switchRow()).toBeNull()
  })
})
