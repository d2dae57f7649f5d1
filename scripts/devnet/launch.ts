/**
 * How command-line entries (`npm start`, `npm run bench`, `npm run screenshots`, `npx tsx bench/….ts`) start the local
 * stack. The stack's modules import packages that only scripts/devnet/package.json declares, and a fresh clone has no
 * scripts/devnet/node_modules yet: a static import of them would fail while the entry's imports are resolved, before any
 * statement could install them. So entries import this module, which imports none of them: each function installs the
 * devnet first (`ensureDevnet`), then loads the stack with `import()`. scripts/entry-imports.test.ts checks every entry.
 */
import type { startDemo as StartDemo } from './demo/serve-demo'
import { ensureDevnet } from './install'
import type { startWcWallet as StartWcWallet } from './wc-wallet/wallet'

/** `startDemo` of ./demo/serve-demo, the devnet's packages installed first. */
export async function startDemo(...args: Parameters<typeof StartDemo>): ReturnType<typeof StartDemo> {
  ensureDevnet()
  const demo = await import('./demo/serve-demo')
  return demo.startDemo(...args)
}

/** `startWcWallet` of ./wc-wallet/wallet (the WalletConnect dev wallet), the devnet's packages installed first. */
export async function startWcWallet(...args: Parameters<typeof StartWcWallet>): ReturnType<typeof StartWcWallet> {
  ensureDevnet()
  const wallet = await import('./wc-wallet/wallet')
  return wallet.startWcWallet(...args)
}
