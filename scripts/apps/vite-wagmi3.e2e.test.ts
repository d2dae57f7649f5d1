/**
 * A Vite + React 19 + wagmi 3 app, installed from the packed tarball (scripts/apps/apps.ts, tree `wagmi3`), in dev mode
 * under StrictMode: connect on the first click, sign, disconnect (scripts/apps/vite-wagmi-app.ts).
 */
import { describeViteWagmiApp } from './vite-wagmi-app'

describeViteWagmiApp({ tree: 'wagmi3', wagmi: 3, react: 19 })
