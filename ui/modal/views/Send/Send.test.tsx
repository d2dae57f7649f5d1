// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  accountBalanceUpdated,
  accountProfileUpdated,
  accountConnected,
  balanceTokensSucceeded,
  modalClosed,
  modalOpened,
  networkSwitched,
  pushTransaction,
  routerPushed,
  routerWentBack,
  selectTransactionStack,
  walletSendTransactionFailed,
  walletSendTransactionSucceeded,
} from '../../../../kernel/index'
import { filter, map } from 'rxjs'
import { definePlugin } from '../../../../kernel/engine/plugin'
import { eip155ReceiptReceived } from '../../../../plugins/eip155/balance-events'
import { eip155NameFailed, eip155NameRequested, eip155NameSucceeded } from '../../../../plugins/eip155/events'
import { displayBalance } from '../../../utils/format'
import { previewSendWallet, standInHash } from '../../../../scripts/testing/preview-send'
import { createTestNetwork } from '../../../../kernel/testing'
import { button, click, connectAccount, lastRequest, preloadAll, renderWithLatch, settle, setup, shadow, testNetworks } from '../../../../scripts/testing/ui'

// docs/behaviour.md, "Send", with a stand-in for the EVM plugin's fee answers; the wallet's answer to the send comes by hand.

const address = '0x1234567890abcdef1234567890abcdef1234abcd'
const receiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

let cleanup: (() => Promise<void>) | undefined
beforeAll(preloadAll)
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

/** A stand-in for the eip155 plugin's name lookups (docs/behaviour.md, "Names"): alice.eth is `receiver`, other names none. */
const nameService = definePlugin({
  name: 'name-stand-in',
  events: [eip155NameRequested, eip155NameSucceeded, eip155NameFailed],
  effects: [
    (events$) =>
      events$.pipe(
        filter(eip155NameRequested.match),
        map((event) => eip155NameSucceeded({ name: event.payload.name, address: event.payload.name === 'alice.eth' ? receiver.toLowerCase() : null }, { ns: 'eip155', requestId: event.requestId })),
      ),
  ],
})

async function open({ failFee = false, autoSend = false, names = false, networks = testNetworks, balance = '2' } = {}) {
  const t = setup({ networks, plugins: [previewSendWallet({ failFee, autoSend }), ...(names ? [nameService] : [])] })
  cleanup = (await renderWithLatch({ latch: t.latch, children: null })).unmount
  connectAccount(t.latch, address)
  act(() => {
    t.latch.dispatch(accountBalanceUpdated({ balance, symbol: 'ETH' }, { ns: 'eip155' }))
    t.latch.dispatch(
      balanceTokensSucceeded({
        caipAddress: `eip155:1:${address}`,
        balances: [
          { name: 'Demo Dollar', symbol: 'DUSD', chainId: 'eip155:1', address: token, quantity: { decimals: '6', numeric: '100.5' }, price: 1.00009, value: 100.509 },
          // Another network's token is not offered here.
          { name: 'Elsewhere', symbol: 'ELSE', chainId: 'eip155:10', address: token, quantity: { decimals: '6', numeric: '1' } },
        ],
      }, { ns: 'eip155' }),
    )
    t.latch.dispatch(modalOpened({ view: { name: 'Account' } }))
    t.latch.dispatch(routerPushed({ view: { name: 'Send' } }))
  })
  await settle()
  return t
}

const view = () => shadow().querySelector<HTMLElement>('[data-view="Send"] .send') as HTMLElement
const field = (label: string) => {
  const found = [...view().querySelectorAll('label')].find((l) => l.textContent === label)
  return view().querySelector<HTMLInputElement & HTMLSelectElement>(`[id="${found?.htmlFor}"]`) as HTMLInputElement & HTMLSelectElement
}
const alerts = () => [...view().querySelectorAll('[role="alert"]')].map((a) => a.textContent)
const feeText = () => view().querySelector('.send-fee bdi')?.textContent

/** Types into a React-controlled field as a visitor does. */
function type(element: HTMLInputElement | HTMLSelectElement, value: string) {
  const proto = element instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype
  act(() => {
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(element, value)
    element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }))
  })
}

async function fill(amount: string, to: string, tokenKey?: string) {
  if (tokenKey) type(field('Token'), tokenKey)
  type(field('Amount'), amount)
  type(field('To'), to)
  await settle()
}

describe('Send', () => {
  it('offers the native coin and the tokens held on the active network, with the balance and the fee in ETH', async () => {
    const { ofType } = await open()
    expect([...field('Token').options].map((o) => o.textContent)).toEqual(['ETH', 'DUSD'])
    expect(view().querySelector('.send-balance')?.textContent).toBe('Balance: 2 ETH')
    expect(feeText()).toBe('< 0.001 ETH')
    type(field('Token'), token)
    expect(view().querySelector('.send-balance')?.textContent).toBe('Balance: 100.5 DUSD ($100.50)')
    expect(shadow().querySelector('h2')?.textContent).toBe('Send')
    // The fee is the network's estimate (its own RPC, through the EVM plugin), never the wallet's.
    await settle()
    const asked = ofType('eip155/feeEstimateRequested').map((event) => event.payload)
    expect(asked[0]).toEqual({ from: address, to: address })
    expect(asked.at(-1)).toMatchObject({ from: address, to: token, data: expect.stringMatching(/^0xa9059cbb/) })
    expect(ofType('wallet/rpcRequested')).toHaveLength(0)
  })

  it("draws a token's fiat value floored to 2 decimals (token value 2 decimals: 100.509 reads $100.50), none for the coin", async () => {
    await open()
    expect(view().querySelector('.send-value')).toBeNull()
    type(field('Token'), token)
    expect(view().querySelector('.send-balance')?.textContent).toBe('Balance: 100.5 DUSD ($100.50)')
    expect(view().querySelector('.send-value')?.textContent).toBe(' ($100.50)')
  })

  it('writes the balance as the header does (floored to 3 decimals) and the fee as a transfer quantity (3 decimals, "< 0.001" below)', async () => {
    await open({ balance: '10001.349895009341985234' })
    // The account button's own formatter, so the two never disagree (docs/behaviour.md, "Display").
    expect(displayBalance('10001.349895009341985234', 'ETH')).toBe('10,001.349 ETH')
    expect(view().querySelector('.send-balance')?.textContent).toBe('Balance: 10,001.349 ETH')
    expect(feeText()).toBe('< 0.001 ETH')
    type(field('Token'), token)
    expect(view().querySelector('.send-balance')?.textContent).toBe('Balance: 100.5 DUSD ($100.50)')
    // What is sent stays exact in the preview: the visitor confirms the amount the wallet is asked for.
    await fill('0.0005', receiver)
    click(button('Review'))
    expect(view().querySelector('.send-amount-big')?.textContent).toBe('0.0005 DUSD')
  })

  it("on a network without an RPC URL the fee is the wallet's eth_estimateGas times eth_gasPrice", async () => {
    const bare = testNetworks.map((network) => ({ ...network, rpcUrls: { default: { http: [] } } }))
    const { ofType } = await open({ networks: bare })
    expect(feeText()).toBe('< 0.001 ETH')
    expect(ofType('wallet/rpcRequested').map((event) => (event.payload as { method: string }).method).sort()).toEqual(['eth_estimateGas', 'eth_gasPrice'])
    expect(ofType('eip155/feeEstimateRequested')).toHaveLength(0)
  })

  it('names what is wrong with the amount and the recipient, and Review goes nowhere until both are right', async () => {
    const { ofType } = await open()
    click(button('Review'))
    expect(alerts()).toEqual(['An amount and receiver address are required'])
    const cases: [string, string][] = [
      ['abc', 'Enter a number, such as 0.5'],
      ['1e3', 'Enter a number, such as 0.5'],
      ['-1', 'The amount cannot be negative'],
      ['0', 'Enter an amount above zero'],
      ['0.0000000000000000001', 'ETH has at most 18 decimals'],
      ['3', 'Insufficient ETH balance'],
      // More than a uint256 of wei: refused before anything else is looked at.
      [`${'9'.repeat(60)}`, 'This is more ETH than one transfer can move'],
      ['1.99999', 'Not enough ETH left for the network fee'],
    ]
    for (const [amount, text] of cases) {
      await fill(amount, receiver)
      expect(alerts()).toEqual([text])
      click(button('Review'))
      expect(view().querySelector('.send-preview')).toBeNull()
    }
    await fill('1', receiver.toLowerCase().replace('0x7', '0xZ'))
    expect(alerts()).toEqual(['Not a valid address'])
    await fill('1', receiver.replace('C5', 'c5'))
    expect(alerts()).toEqual(['This address has a checksum error: check its capital letters'])
    // No name service on this network (no eip155 plugin here): the lookup fails with its text.
    await fill('1', 'vitalik.eth')
    expect(alerts()).toEqual(['Error resolving name'])
    expect(ofType('wallet/sendTransactionRequested')).toHaveLength(0)
  })

  it('a name is sent to once it resolves: its address shown under the field and in the preview; an unknown name says so', async () => {
    const { events, ofType } = await open({ names: true })
    await fill('1', 'nobody.eth')
    expect(alerts()).toEqual(['No address for this name on this network'])
    click(button('Review'))
    expect(view().querySelector('.send-preview')).toBeNull()
    await fill('0.5', 'Alice.eth')
    expect(alerts()).toEqual([])
    expect(view().querySelector('.send-resolved')?.textContent).toBe(receiver)
    click(button('Review'))
    await settle()
    expect(view().querySelector('.send-preview')?.textContent).toContain('alice.eth (0x7099…79C8)')
    click(button('Send'))
    await settle()
    expect(lastRequest(events, 'wallet/sendTransactionRequested').payload).toMatchObject({ to: receiver, value: '500000000000000000' })
    expect(ofType('wallet/sendTransactionRequested')).toHaveLength(1)
  })

  it('asks a second confirmation before sending where it is lost: the zero address, a burn address', async () => {
    const { events, ofType } = await open()
    for (const [to, text] of [
      ['0x0000000000000000000000000000000000000000', 'This is the zero address: what you send to it is lost for good.'],
      ['0x000000000000000000000000000000000000dEaD', 'This is a burn address: what you send to it is lost for good.'],
    ] as const) {
      await fill('0.5', to)
      click(button('Review'))
      await settle()
      expect(alerts()).toEqual([text])
      const send = button('Send')
      expect(send.getAttribute('aria-disabled')).toBe('true')
      click(send)
      await settle()
      expect(ofType('wallet/sendTransactionRequested')).toHaveLength(0)
      click(button('Edit'))
    }
    click(button('Review'))
    await settle()
    const understood = view().querySelector<HTMLInputElement>('.send-understood input')!
    act(() => understood.click())
    expect(button('Send').getAttribute('aria-disabled')).toBeNull()
    click(button('Send'))
    await settle()
    expect(lastRequest(events, 'wallet/sendTransactionRequested').payload).toMatchObject({ to: '0x000000000000000000000000000000000000dEaD' })
  })

  it("previews the sender as the header shows it (name and avatar), and a recipient typed as a name with its short address", async () => {
    const { latch } = await open({ names: true })
    const avatar = 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E'
    act(() => void latch.dispatch(accountProfileUpdated({ name: 'latch-dev.eth', image: avatar }, { ns: 'eip155' })))
    await fill('0.5', 'alice.eth')
    click(button('Review'))
    await settle()
    const [from, to] = [...view().querySelectorAll('.send-details dd')]
    expect(from?.querySelector('bdi')?.textContent).toBe('latch-dev.eth')
    expect(from?.querySelector('img')?.getAttribute('src')).toBe(avatar)
    expect(to?.querySelector('bdi')?.textContent).toBe('alice.eth (0x7099…79C8)')
    expect(to?.querySelector('bdi')?.getAttribute('title')).toBe(receiver)
    // No picture of its own: the gradient made from its address.
    expect(to?.querySelector('svg')).not.toBeNull()
  })

  it('Max fills the whole token balance, and the native balance less the fee', async () => {
    await open()
    click(button('Max'))
    expect(field('Amount').value).toBe('1.999979')
    type(field('Token'), token)
    click(button('Max'))
    expect(field('Amount').value).toBe('100.5')
  })

  it('previews from, to, amount, token, network and fee; Send asks the wallet for the native coin, then Account and a toast', async () => {
    const { latch, events, ofType } = await open()
    await fill('0.5', receiver.toLowerCase())
    click(button('Review'))
    const rows = Object.fromEntries([...view().querySelectorAll('.send-details div')].map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]))
    expect(rows).toEqual({ From: '0x1234…abcd', To: '0x7099…79C8', Token: 'Ether (ETH)', Network: 'Ethereum', 'Network fee': '< 0.001 ETH' })
    expect(view().querySelector('.send-amount-big')?.textContent).toBe('0.5 ETH')
    click(button('Send', view()))
    const intent = lastRequest(events, 'wallet/sendTransactionRequested')
    expect(intent.payload).toEqual({ to: receiver, value: '500000000000000000' })
    // Sending: busy, and a second press asks nothing more.
    expect(button('Sending…', view()).getAttribute('aria-busy')).toBe('true')
    click(button('Sending…', view()))
    expect(ofType('wallet/sendTransactionRequested')).toHaveLength(1)
    await act(async () => void latch.dispatch(walletSendTransactionSucceeded({ hash: standInHash }, { ns: 'eip155', requestId: intent.requestId })))
    // Account was below: back to it, not a second Account on top.
    expect(latch.getState().router.history.map((v) => v.name)).toEqual(['Account'])
    expect(ofType('toast/requested').at(-1)?.payload).toMatchObject({ toast: { messageId: 'send.sent', variant: 'success' } })
  })

  it('an ERC-20 is a transfer(to, amount) call to the token, with no value', async () => {
    const { events } = await open({ autoSend: true })
    await fill('12.25', receiver, token)
    click(button('Review'))
    click(button('Send', view()))
    await settle()
    expect(lastRequest(events, 'wallet/sendTransactionRequested').payload).toEqual({
      to: token,
      value: '0',
      data: `0xa9059cbb${receiver.slice(2).toLowerCase().padStart(64, '0')}${(12_250_000).toString(16).padStart(64, '0')}`,
    })
  })

  it('the transaction stack runs onSuccess, onError or onCancel: a declined ERC-20 send onError, the next onSuccess with its hash, then Account in place of Send', async () => {
    const { latch, events } = await open()
    // The stand-in opened Send without callbacks: back to Account, then the integrator's push with them.
    act(() => void latch.dispatch(routerWentBack({})))
    const calls: string[] = []
    act(() =>
      pushTransaction(latch, {
        view: 'Send',
        onSuccess: ({ hash }) => void calls.push(`success ${hash}`),
        onError: (error) => void calls.push(`error ${error.code}`),
        onCancel: () => void calls.push('cancel'),
      }),
    )
    await settle()
    expect(latch.getState().router.history.map((v) => v.name)).toEqual(['Account', 'Send'])
    expect(selectTransactionStack(latch)).toEqual(['Send'])
    await fill('12.25', receiver, token)
    click(button('Review'))
    click(button('Send', view()))
    const declined = { code: 'USER_REJECTED', shortMessage: 'Signature declined', messageId: 'USER_REJECTED' } as const
    await act(async () => void latch.dispatch(walletSendTransactionFailed({ error: declined }, { ns: 'eip155', requestId: lastRequest(events, 'wallet/sendTransactionRequested').requestId })))
    expect(calls).toEqual(['error USER_REJECTED'])
    // The view stays: the visitor may try again; loading while sending.
    click(button('Send', view()))
    expect(button('Sending…', view()).getAttribute('aria-busy')).toBe('true')
    await act(async () => void latch.dispatch(walletSendTransactionSucceeded({ hash: standInHash }, { ns: 'eip155', requestId: lastRequest(events, 'wallet/sendTransactionRequested').requestId })))
    expect(calls).toEqual(['error USER_REJECTED', `success ${standInHash}`])
    expect(latch.getState().router.history.map((v) => v.name)).toEqual(['Account'])
    expect(selectTransactionStack(latch)).toEqual([])
    // Settled once: closing the modal now cancels nothing.
    act(() => void latch.dispatch(modalClosed({})))
    expect(calls).toHaveLength(2)
  })

  it('the transaction stack runs onCancel once when the visitor leaves Send without sending (Back, or the modal closed)', async () => {
    const { latch } = await open()
    act(() => void latch.dispatch(routerWentBack({})))
    let cancelled = 0
    const push = () => act(() => pushTransaction(latch, { view: 'Send', onSuccess: () => expect.fail('nothing was sent'), onCancel: () => void cancelled++ }))
    push()
    // A view pushed on top of Send does not leave it.
    act(() => void latch.dispatch(routerPushed({ view: { name: 'Networks' } })))
    expect(latch.getState().router.history.map((v) => v.name)).toEqual(['Account', 'Send', 'Networks'])
    act(() => void latch.dispatch(routerWentBack({})))
    expect(latch.getState().router.history.map((v) => v.name)).toEqual(['Account', 'Send'])
    expect(cancelled).toBe(0)
    act(() => void latch.dispatch(routerWentBack({})))
    expect(cancelled).toBe(1)
    push()
    act(() => void latch.dispatch(modalClosed({})))
    expect(cancelled).toBe(2)
    // Pushed while the modal is closed: it opens on Send.
    push()
    await settle()
    expect(latch.getState().router).toMatchObject({ open: true, history: [{ name: 'Send' }] })
    expect(() => pushTransaction(latch, { view: 'Swap' as 'Send' })).toThrow(expect.objectContaining({ code: 'INVALID_PARAMS' }))
  })

  it('a declined send keeps the preview and the form filled, and says why', async () => {
    const { latch, events } = await open()
    await fill('0.5', receiver)
    click(button('Review'))
    click(button('Send', view()))
    const intent = lastRequest(events, 'wallet/sendTransactionRequested')
    const declined = { code: 'USER_REJECTED', shortMessage: 'Signature declined', messageId: 'USER_REJECTED' } as const
    await act(async () => void latch.dispatch(walletSendTransactionFailed({ error: declined }, { ns: 'eip155', requestId: intent.requestId })))
    expect(alerts()).toEqual(['Signature declined'])
    expect(button('Send', view()).hasAttribute('aria-busy')).toBe(false)
    click(button('Edit', view()))
    expect(field('Amount').value).toBe('0.5')
    expect(field('To').value).toBe(receiver)
    expect(latch.getState().router.history.at(-1)?.name).toBe('Send')
  })

  it('a sent transaction shows as pending until its receipt comes', async () => {
    const { latch } = await open({ autoSend: true })
    await fill('0.5', receiver)
    click(button('Review'))
    click(button('Send', view()))
    await settle()
    act(() => void latch.dispatch(routerPushed({ view: { name: 'Send' } })))
    await settle()
    expect(view().querySelector('.send-pending li bdi')?.getAttribute('title')).toBe(standInHash)
    act(() => void latch.dispatch(eip155ReceiptReceived({ hash: standInHash, caipAddress: `eip155:1:${address}`, status: 'success', blockNumber: 5 }, { ns: 'eip155' })))
    expect(view().querySelector('.send-pending')).toBeNull()
  })

  it('changing the active network resets the form', async () => {
    const { latch } = await open()
    await fill('0.5', receiver)
    act(() => void latch.dispatch(networkSwitched({ caipNetworkId: 'eip155:10' }, { ns: 'eip155' })))
    await settle()
    expect(field('Amount').value).toBe('')
    expect(field('To').value).toBe('')
  })

  it('on a network the dapp did not configure, it asks to switch first and sends nothing', async () => {
    const { latch, ofType } = await open()
    await fill('0.5', receiver)
    const foreign = createTestNetwork('eip155', 56, { name: 'BNB Smart Chain' })
    act(() => void latch.dispatch(networkSwitched({ caipNetworkId: 'eip155:56', network: foreign }, { ns: 'eip155' })))
    await settle()
    // The modal may move to UnsupportedChain by itself; back on Send, the view still asks to switch.
    if (latch.getState().router.history.at(-1)?.name !== 'Send') act(() => void latch.dispatch(routerPushed({ view: { name: 'Send' } })))
    await settle()
    expect(view().querySelector('.send-note .subtle')?.textContent).toBe('Your wallet is on a network this app does not support. Switch network to send.')
    expect(view().querySelector('.send-form')).toBeNull()
    click(button('Switch network', view()))
    expect(latch.getState().router.history.at(-1)?.name).toBe('UnsupportedChain')
    expect(ofType('wallet/sendTransactionRequested')).toHaveLength(0)
  })

  it('without a fee estimate the fee reads Unavailable and Max of the native coin is off', async () => {
    await open({ failFee: true })
    expect(feeText()).toBe('Unavailable')
    expect(button('Max').hasAttribute('disabled')).toBe(true)
  })
})

describe('Send on Solana', () => {
  const solanaAddress = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
  const solanaReceiver = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

  const mint = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB'
  const junkMint = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263'

  async function openSolana({ tokens = false } = {}) {
    const t = setup({ networks: [...testNetworks, createTestNetwork('solana', 'localnet', { name: 'Solana Localnet' })] })
    cleanup = (await renderWithLatch({ latch: t.latch, children: null })).unmount
    act(() => {
      t.latch.dispatch(accountConnected({ caipAddress: `solana:localnet:${solanaAddress}`, connectorId: 'phantom' }, { ns: 'solana' }))
      t.latch.dispatch(networkSwitched({ caipNetworkId: 'solana:localnet' }, { ns: 'solana' }))
      t.latch.dispatch(accountBalanceUpdated({ balance: '1.5', symbol: 'SOL' }, { ns: 'solana' }))
      if (tokens) {
        const quantity = (decimals: string, numeric: string) => ({ decimals, numeric })
        t.latch.dispatch(
          balanceTokensSucceeded({
            caipAddress: `solana:localnet:${solanaAddress}`,
            balances: [
              { name: 'Tether USD', symbol: 'USDT', chainId: 'solana:localnet', address: mint, quantity: quantity('6', '12.5') },
              // Junk the schema lets through: a blank symbol reads as the mint, absurd decimals leave the token out, a repeat is one entry.
              { name: 'x'.repeat(100), symbol: ' ', chainId: 'solana:localnet', address: junkMint, quantity: quantity('2', '3') },
              { name: 'Absurd', symbol: 'ABS', chainId: 'solana:localnet', address: solanaReceiver, quantity: quantity('999', '1') },
              { name: 'Tether USD', symbol: 'USDT', chainId: 'solana:localnet', address: mint, quantity: quantity('6', '1') },
              { name: 'Elsewhere', symbol: 'ELSE', chainId: 'solana:devnet', address: solanaAddress, quantity: quantity('6', '1') },
            ],
          }, { ns: 'solana' }),
        )
      }
      t.latch.dispatch(modalOpened({ view: { name: 'Account' } }))
      t.latch.dispatch(routerPushed({ view: { name: 'Send' } }))
    })
    await settle()
    return t
  }

  it('sends SOL: base58 recipients, 9 decimals, the fee of one signature, the transfer asked of the Solana wallet, then Account', async () => {
    const { latch, events } = await openSolana()
    expect(latch.getState().activeNamespace).toBe('solana')
    expect([...field('Token').options].map((o) => o.textContent)).toEqual(['SOL'])
    expect(feeText()).toBe('< 0.001 SOL')
    click(button('Max'))
    expect(field('Amount').value).toBe('1.499995')
    await fill('0.0000000001', solanaReceiver)
    expect(alerts()).toEqual(['SOL has at most 9 decimals'])
    await fill('0.25', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    expect(alerts()).toEqual(['Not a valid address'])
    await fill('0.25', solanaReceiver)
    click(button('Review'))
    click(button('Send', view()))
    const intent = lastRequest(events, 'wallet/sendTransactionRequested')
    expect(intent).toMatchObject({ ns: 'solana', payload: { to: solanaReceiver, value: '250000000' } })
    await act(async () => void latch.dispatch(walletSendTransactionSucceeded({ hash: '5'.repeat(88) }, { ns: 'solana', requestId: intent.requestId })))
    expect(latch.getState().router.history.map((v) => v.name)).toEqual(['Account'])
  })

  it('offers the SPL tokens held on the active network, junk metadata read sensibly, and sends one by its mint and decimals', async () => {
    const { latch, events, ofType } = await openSolana({ tokens: true })
    expect([...field('Token').options].map((o) => [o.value, o.textContent])).toEqual([
      ['native', 'SOL'],
      [mint, 'USDT'],
      [junkMint, 'DezX…B263'],
    ])
    type(field('Token'), mint)
    expect(view().querySelector('.send-balance')?.textContent).toBe('Balance: 12.5 USDT')
    expect(feeText()).toBe('< 0.001 SOL')
    click(button('Max'))
    expect(field('Amount').value).toBe('12.5')
    const cases: [string, string, string][] = [
      ['12.6', solanaReceiver, 'Insufficient USDT balance'],
      ['0.0000001', solanaReceiver, 'USDT has at most 6 decimals'],
      // More than a u64 of base units.
      ['18446744073709.551616', solanaReceiver, 'This is more USDT than one transfer can move'],
      ['1', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'Not a valid address'],
      ['1', 'not base58 0OIl', 'Not a valid address'],
    ]
    for (const [amount, to, text] of cases) {
      await fill(amount, to)
      expect(alerts()).toEqual([text])
      click(button('Review'))
      expect(view().querySelector('.send-preview')).toBeNull()
    }
    expect(ofType('wallet/sendTransactionRequested')).toHaveLength(0)
    await fill('2.25', solanaReceiver)
    click(button('Review'))
    const rows = Object.fromEntries([...view().querySelectorAll('.send-details div')].map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]))
    expect(rows).toMatchObject({ Token: 'Tether USD (USDT)', 'Network fee': '< 0.001 SOL' })
    expect(view().querySelector('.send-amount-big')?.textContent).toBe('2.25 USDT')
    click(button('Send', view()))
    const intent = lastRequest(events, 'wallet/sendTransactionRequested')
    expect(intent).toMatchObject({ ns: 'solana', payload: { to: solanaReceiver, value: '2250000', token: { mint, decimals: 6 } } })
    await act(async () => void latch.dispatch(walletSendTransactionSucceeded({ hash: '5'.repeat(88) }, { ns: 'solana', requestId: intent.requestId })))
    expect(latch.getState().router.history.map((v) => v.name)).toEqual(['Account'])
  })
})
