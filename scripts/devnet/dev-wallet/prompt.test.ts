// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { createPrompter } from './prompt'

describe('the dev wallet prompt beside the Latch modal (docs/react.md, "Accessibility")', () => {
  it('is kept interactive while the modal makes the page inert, takes focus, and gives it back once answered', async () => {
    const before = document.createElement('button')
    document.body.append(before)
    before.focus()
    const confirm = createPrompter(document)
    const answer = confirm({ title: 'Connect', chain: 'eip155:31337' })
    const host = document.querySelector('latch-dev-wallet-prompt') as HTMLElement
    expect(host.hasAttribute('data-latch-keep-interactive')).toBe(true)
    expect(host.shadowRoot?.activeElement?.getAttribute('data-testid')).toBe('dev-wallet-prompt')
    ;(host.shadowRoot?.querySelector('[data-testid="dev-wallet-approve"]') as HTMLButtonElement).click()
    expect(await answer).toBe(true)
    expect(document.querySelector('latch-dev-wallet-prompt')).toBeNull()
    expect(document.activeElement).toBe(before)
    before.remove()
  })
})
