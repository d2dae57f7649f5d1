// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest'

// As scripts/check-ssr.ts does for the built entries: touching a browser global while the module is evaluated throws.
const traps = ['window', 'document', 'localStorage', 'sessionStorage', 'customElements', 'HTMLElement']
afterEach(() => {
  for (const name of traps) delete (globalThis as Record<string, unknown>)[name]
})

describe('latch/elements on a server (docs/elements.md, "Server-side rendering")', () => {
  it('imports with every browser global set to throw, and defineLatchElements() does nothing where there is no DOM', async () => {
    expect(typeof document).toBe('undefined')
    // React's own modules first, untrapped: React 18's react-dom asks `typeof window` as it loads (undefined on a server,
    // but a trap's getter throws). What is trapped below is Latch's code.
    await import('react')
    await import('react/jsx-runtime')
    await import('react-dom')
    for (const name of traps) {
      Object.defineProperty(globalThis, name, {
        configurable: true,
        get() {
          throw new Error(`touched ${name} at import`)
        },
      })
    }
    const elements = await import('./index')
    const standalone = await import('./standalone')
    for (const name of traps) delete (globalThis as Record<string, unknown>)[name]
    expect(typeof customElements).toBe('undefined')
    expect(() => elements.defineLatchElements()).not.toThrow()
    expect(standalone.defineLatchElements).toBe(elements.defineLatchElements)
    expect(typeof standalone.createLatch).toBe('function')
    expect(typeof standalone.eip155).toBe('function')
  })
})
