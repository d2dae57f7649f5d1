/**
 * The dev wallet's prompt: a card at the bottom right of the page inside its own shadow root
 * (page CSS cannot reach it; its CSS cannot reach the page). Requests queue; one shows at a time. It takes focus when it
 * appears (as a wallet's window would) and gives it back to where it was once the last request is answered.
 */
import { devWalletInfo } from './config'
import { shortAddress } from './format'
import { devWalletIcon } from './icon'
import type { PromptRequest } from './provider'
import { promptCss } from './prompt-style'

type Pending = { request: PromptRequest; resolve(approved: boolean): void }

/** Who asks: the wallet's name and icon in the prompt's header (default: the EVM dev wallet's; the Solana and Bitcoin dev wallets pass their own). */
export type PromptIdentity = { name: string; icon: string }

/** Returns `confirm(request)`, which shows the request in the prompt and resolves true on Approve, false on Reject. */
export function createPrompter(doc: Document, identity: PromptIdentity = { name: devWalletInfo.name, icon: devWalletIcon }): (request: PromptRequest) => Promise<boolean> {
  const queue: Pending[] = []
  let root: ShadowRoot | undefined
  let returnFocus: HTMLElement | null = null

  function shadow(): ShadowRoot {
    if (root?.host.isConnected) return root
    const host = doc.createElement('latch-dev-wallet-prompt')
    // Like a wallet's own window, it must stay usable while the Latch modal makes the page inert (docs/react.md, "Accessibility").
    host.setAttribute('data-latch-keep-interactive', '')
    for (const [property, value] of [['position', 'fixed'], ['right', '16px'], ['bottom', '16px'], ['z-index', '2147483647'], ['display', 'block']]) {
      host.style.setProperty(property!, value!, 'important')
    }
    root = host.attachShadow({ mode: 'open' })
    if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
      const sheet = new CSSStyleSheet()
      sheet.replaceSync(promptCss)
      root.adoptedStyleSheets = [sheet]
    } else {
      root.append(Object.assign(doc.createElement('style'), { textContent: promptCss }))
    }
    doc.documentElement.append(host)
    return root
  }

  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]) => {
    const node = Object.assign(doc.createElement(tag), props)
    node.append(...children)
    return node
  }

  function render(): void {
    const target = shadow()
    target.querySelector('.card')?.remove()
    const first = queue[0]
    if (!first) {
      target.host.remove()
      if (returnFocus?.isConnected) returnFocus.focus({ preventScroll: true })
      returnFocus = null
      return
    }
    const { request } = first
    const answer = (approved: boolean) => {
      reject.disabled = approve.disabled = true
      queue.shift()
      first.resolve(approved)
      render()
    }
    const reject = el('button', { className: 'reject', type: 'button', textContent: 'Reject', onclick: () => answer(false) })
    const approve = el('button', { className: 'approve', type: 'button', textContent: 'Approve', onclick: () => answer(true) })
    reject.dataset.testid = 'dev-wallet-reject'
    approve.dataset.testid = 'dev-wallet-approve'
    const header = el('header', {}, el('img', { src: identity.icon, alt: '' }), el('div', {}, el('div', { className: 'name', textContent: identity.name }), el('div', { className: 'meta', textContent: request.chain })))
    if (queue.length > 1) header.append(el('span', { className: 'queue', textContent: `1 of ${queue.length}` }))
    const card = el('div', { className: 'card' }, header, el('p', { className: 'title', textContent: request.title }))
    if (request.rows?.length) {
      card.append(el('dl', {}, ...request.rows.flatMap(([label, value]) => [el('dt', { textContent: label }), el('dd', { textContent: /^0x[0-9a-fA-F]{40}$/.test(value) ? shortAddress(value) : value, title: value })])))
    }
    if (request.details) card.append(el('pre', { className: 'details', textContent: request.details }))
    card.append(el('div', { className: 'actions' }, reject, approve))
    card.dataset.testid = 'dev-wallet-prompt'
    card.setAttribute('role', 'dialog')
    card.setAttribute('aria-label', `${identity.name} request`)
    card.tabIndex = -1
    if (doc.activeElement !== target.host) returnFocus = deepActiveElement(doc) // not a refresh of a prompt already focused
    target.append(card)
    card.focus({ preventScroll: true })
  }

  return (request) =>
    new Promise<boolean>((resolve) => {
      queue.push({ request, resolve })
      render() // shows the first request, or refreshes its "1 of N" badge
    })
}

/** The focused element, looking into open shadow roots (the Latch modal's controls live in one). */
function deepActiveElement(doc: Document): HTMLElement | null {
  let active = doc.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active instanceof HTMLElement && active !== doc.body ? active : null
}
