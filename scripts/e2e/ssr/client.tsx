/** Hydrates the server's markup (scripts/e2e/ssr.e2e.test.ts); React's recoverable errors (a mismatch) reach the console. */
import { hydrateRoot } from 'react-dom/client'
import { App, createPageLatch } from './app'

const latch = createPageLatch(location.origin)
hydrateRoot(document.getElementById('root') as HTMLElement, <App latch={latch} />, {
  onRecoverableError: (error) => console.error(`recoverable: ${String(error)}`),
})
;(window as unknown as { ssrLatch: typeof latch }).ssrLatch = latch
