/**
 * examples/vue on the packed tarball (docs/vue.md): a Vue 3 app with its own package.json and lockfile, built by
 * `vite build`, whose template uses `<latch-connect-button>` and `<latch-network-button>` and listens to
 * `@latch-account-change`; served under a strict Content-Security-Policy, it connects the dev wallet, signs and
 * disconnects in chromium (scripts/apps/elements.ts).
 */
import { describeExampleApp } from './elements'

describeExampleApp({ name: 'vue', title: 'examples/vue: a Vue 3 app built by vite uses the custom elements', message: 'Hello from Vue' })
