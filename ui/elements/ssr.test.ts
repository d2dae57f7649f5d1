// @vitest-environment node
import { describe, expect, it } from 'vitest'

describe('latch/elements on a server (docs/elements.md, "Server-side rendering")', () => {
  it('imports, and defineLatchElements() does nothing, where there is no DOM', async () => {
    expect(typeof document).toBe('undefined')
    expect(typeof customElements).toBe('undefined')
    expect(typeof HTMLElement).toBe('undefined')
    const elements = await import('./index')
    const standalone = await import('./standalone')
    expect(() => elements.defineLatchElements()).not.toThrow()
    expect(standalone.defineLatchElements).toBe(elements.defineLatchElements)
    expect(typeof standalone.createLatch).toBe('function')
    expect(typeof standalone.eip155).toBe('function')
  })
})
