import { describe, expect, it } from 'vitest'
import { strictCsp } from '../serve'
import { buildDemo } from './build'

// Each case bundles the whole demo with esbuild (seconds of CPU on a shared 2-core machine): a bound, not a measure.
describe('buildDemo', { timeout: 60_000 }, () => {
  it('serves the favicon index.html links, from the page origin strictCsp allows images from', async () => {
    const files = await buildDemo({ chains: [{ chainId: 31337, name: 'Anvil', rpcUrl: 'http://127.0.0.1:8545' }], api: { url: 'http://127.0.0.1:1', projectId: 'p' } })
    expect(String(files['/']?.body)).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml" />')
    expect(files['/favicon.svg']).toMatchObject({ type: 'image/svg+xml', body: expect.stringMatching(/^<svg /) })
    expect(strictCsp()).toContain("img-src 'self'")
  })

  it("bundles React's development build on request, where the page's StrictMode runs (docs/react.md, \"StrictMode\")", async () => {
    const config = { chains: [], api: { url: 'http://127.0.0.1:1', projectId: 'p' } }
    const code = (files: Awaited<ReturnType<typeof buildDemo>>) =>
      Object.entries(files).filter(([path]) => path.endsWith('.js')).map(([, file]) => (typeof file.body === 'string' ? file.body : new TextDecoder().decode(file.body))).join('\n')
    // A warning only React's development build has, and the error text only its production build has.
    const development = code(await buildDemo(config, { react: 'development' }))
    expect(development).toContain('Each child in a list should have a unique')
    expect(development).not.toContain('Minified React error')
    expect(code(await buildDemo(config))).toContain('Minified React error')
  })

  it("keeps dark mode's colours: the stylesheet sets colours only through variables", async () => {
    const files = await buildDemo({ chains: [], api: { url: 'http://127.0.0.1:1', projectId: 'p' } })
    const css = String(files['/demo.css']?.body)
    // The variables' own blocks (:root, and :root with the chosen ?theme) are where colours are set.
    const rules = css.replace(/:root[^{]*\{[^}]*\}/g, '').replace(/@media[^{]*\{\s*\}/g, '')
    // Only the submit button's own fill and text stay fixed, the same in both schemes.
    expect(rules.match(/#[0-9a-f]{3,6}\b/gi)).toEqual(['#fff'])
  })
})
