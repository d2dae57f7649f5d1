/**
 * examples/svelte on the packed tarball (docs/svelte.md): a Svelte 5 app with its own package.json and lockfile, built by
 * `vite build`, whose markup uses `<latch-connect-button>` and `<latch-network-button>` and reads the account through a
 * store made of `mountLatch(…).subscribe`; served under a strict Content-Security-Policy, it connects the dev wallet,
 * signs and disconnects in chromium (scripts/apps/elements.ts).
 */
import { describeExampleApp } from './elements'

describeExampleApp({ name: 'svelte', title: 'examples/svelte: a Svelte 5 app built by vite uses the custom elements', message: 'Hello from Svelte' })
