/**
 * A Vite + React 18 + wagmi 2 app, installed from the packed tarball (scripts/apps/apps.ts, tree `wagmi2`), in dev mode
 * under StrictMode: connect on the first click, sign, disconnect (scripts/apps/vite-wagmi-app.ts).
 */
import { describeViteWagmiApp } from './vite-wagmi-app'

describeViteWagmiApp({ tree: 'wagmi2', wagmi: 2, react: 18 })
