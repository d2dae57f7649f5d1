// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  accountBalanceUpdated,
  errorToast,
  LatchError,
  modalOpened,
  routerPushed,
  toastRequested,
  type View,
} from '../../kernel/index'
import { pseudoLocaleTag, pseudoMessages } from './pseudo'
import { connectAccount, connector, discover, listings, preloadAll, renderWithLatch, settle, setup, shadow, stubWalletList } from '../../scripts/testing/ui'
import { AccountButton } from '../components/AccountButton/AccountButton'
import { ConnectButton } from '../components/ConnectButton/ConnectButton'
import { NetworkButton } from '../components/NetworkButton/NetworkButton'
import { defineLocale } from './messages'

/**
 * Every view in the pseudo-locale (docs/i18n.md, "Checking a locale"): a visible text or accessible name with plain
 * ASCII letters outside ⟦…⟧ bypassed the catalogue. Only data may be plain: wallet and network names, the address,
 * the symbol.
 */
const pseudo = defineLocale({ locale: pseudoLocaleTag, messages: pseudoMessages() })
const data = /MetaMask|Rabby|Wallet \d+|Ethereum|Optimism|ETH|EVM|0x[0-9a-f]+…[0-9a-f]+|0x[0-9a-f]{40}/gi

/** What a visitor reads or hears in `root`: its text nodes and the names and hints of its elements. */
function visibleTexts(root: ParentNode): string[] {
  const texts: string[] = []
  const walker = document.createTreeWalker(root instanceof ShadowRoot ? root : (root as Node), NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement
    // A network's initial on its icon is data, like its name.
    if (!parent || parent.closest('style, script, [hidden], .network-icon, .latch-network-icon')) continue
    if (node.textContent?.trim()) texts.push(node.textContent.trim())
  }
  for (const element of root.querySelectorAll('[aria-label], [placeholder], [alt]')) {
    for (const name of ['aria-label', 'placeholder', 'alt']) {
      const value = element.getAttribute(name)
      if (value?.trim()) texts.push(value.trim())
    }
  }
  return texts
}

/** Texts that still hold English: plain letters once the pseudo-localised parts and the data are taken out. */
function english(texts: readonly string[]): string[] {
  return texts.filter((text) => /[A-Za-z]/.test(text.replace(/⟦[^⟧]*⟧/g, '').replace(data, '')))
}

let cleanup: (() => Promise<void>) | undefined
beforeAll(preloadAll)
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

async function mount() {
  const t = setup({ plugins: [stubWalletList()] })
  const page = await renderWithLatch({
    latch: t.latch,
    locale: pseudoLocaleTag,
    locales: [pseudo],
    children: (
      <>
        <ConnectButton />
        <AccountButton />
        <NetworkButton />
      </>
    ),
  })
  cleanup = page.unmount
  discover(t.latch, [connector('metamask', 'MetaMask', { info: { rdns: 'io.metamask' } }), connector('rabby', 'Rabby')])
  act(() => void t.latch.dispatch({ type: 'walletList/pageReceived', payload: { page: 1, count: 42, listings: listings(12) } }))
  return { ...t, page }
}

async function show(latch: ReturnType<typeof setup>['latch'], view: View) {
  act(() => {
    if (!latch.getState().router.open) latch.dispatch(modalOpened({ view }))
    else latch.dispatch(routerPushed({ view }))
  })
  await settle()
}

describe('the pseudo-locale', () => {
  it('speaks in every view before connecting: no English left', async () => {
    const { latch, page } = await mount()
    const seen: Record<string, string[]> = { page: visibleTexts(page.container) }
    const views: View[] = [
      { name: 'Connect' },
      { name: 'AllWallets' },
      { name: 'ConnectingExternal', payload: { connectorId: 'metamask' } },
      { name: 'ConnectingWalletConnect', payload: { walletId: 'w3', name: 'Wallet 3', imageUrl: null } },
      { name: 'Networks' },
      { name: 'SwitchNetwork', payload: { caipNetworkId: 'eip155:10' } },
      { name: 'Receive' },
    ]
    for (const view of views) {
      await show(latch, view)
      seen[view.name] = visibleTexts(shadow())
    }
    act(() => void latch.dispatch(toastRequested({ toast: errorToast(new LatchError('USER_REJECTED', { message: 'CONNECTION_DECLINED' })) })))
    seen.toast = visibleTexts(shadow())
    for (const [where, texts] of Object.entries(seen)) {
      expect(texts.length, where).toBeGreaterThan(0)
      expect(english(texts), where).toEqual([])
    }
    // The check can fail: the English catalogue's own texts are caught.
    expect(english(['Connect Wallet', '⟦Çöññéçţ⟧ MetaMask', 'Ethereum'])).toEqual(['Connect Wallet'])
  })

  it('speaks in every view once connected: no English left', async () => {
    const { latch, page } = await mount()
    connectAccount(latch)
    act(() => void latch.dispatch(accountBalanceUpdated({ balance: '1234.56789', symbol: 'ETH' }, { ns: 'eip155' })))
    await settle()
    const seen: Record<string, string[]> = { page: visibleTexts(page.container) }
    for (const view of [{ name: 'Account' }, { name: 'ProfileWallets' }, { name: 'Networks' }, { name: 'UnsupportedChain' }, { name: 'SwitchActiveChain', payload: { network: 'eip155:10' } }, { name: 'SIWXSignMessage' }, { name: 'Activity' }] as View[]) {
      await show(latch, view)
      seen[view.name] = visibleTexts(shadow())
    }
    for (const [where, texts] of Object.entries(seen)) {
      expect(texts.length, where).toBeGreaterThan(0)
      expect(english(texts), where).toEqual([])
    }
    expect(shadow().querySelector('.latch-root')?.getAttribute('lang')).toBe(pseudoLocaleTag)
  })
})
