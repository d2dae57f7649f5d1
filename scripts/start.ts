/**
 * `npm start`: the demo dapp on a local stack (two anvil chains, the provider API, the local
 * Solana network, the dev wallets), all on 127.0.0.1. Prints the URL; Ctrl-C stops every process.
 *
 * It also stops when this process gets SIGINT, SIGTERM or SIGHUP, and when a process it was
 * started under goes away. `kill <npm's pid>` is the case: npm passes the signal to the `sh -c`
 * running the script, which dies without passing it on, and tsx with this process would live on.
 */
import { readFileSync } from 'node:fs'
import { constants as osConstants } from 'node:os'
// Through ./devnet/launch: it installs the local stack's own packages before importing the stack (a fresh clone has none).
import { startDemo } from './devnet/launch'

// React's development build, StrictMode on: the page behaves as an app on a Vite or Next.js dev server (docs/react.md, "StrictMode").
// The embedded wallet's e-mail login too: the field in Connect, the codes in the dev inbox (docs/embedded-wallet.md).
const demo = await startDemo({ react: 'development', embedded: true })
let stopping = false
async function shutdown(code: number) {
  if (stopping) return
  stopping = true
  await demo.stop().catch(() => undefined)
  process.exit(code)
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => void shutdown(128 + (osConstants.signals[signal] ?? 15)))
watchAncestors(() => void shutdown(143))

const [first, second] = demo.stack.chains
console.log(`
  Latch demo          ${demo.url}
  Sign in (SIWX)      add ?siwx=server to the demo's URL (its sign-in backend), or ?siwx=browser; &required=1 makes it a must

  Chain ${first?.chainId} (${first?.name})   ${first?.url}
  Chain ${second?.chainId} (${second?.name}) ${second?.url}
  Provider API        ${demo.stack.api.url}
  On-ramp checkout    ${demo.stack.onramp.url} (the provider simulator; test cards ${demo.stack.onramp.cards.success} succeeds, ${demo.stack.onramp.cards.declined} is declined)
  Solana (litesvm)    ${demo.stack.solana.url}
  WalletConnect relay ${demo.stack.walletConnect.relayUrl} (development relay, this machine only)
  WalletConnect wallet ${demo.stack.walletConnect.pageUrl} (paste a dapp's wc: URI there to pair, then approve or reject there)
  Wallet service      ${demo.stack.wallet.url} (the embedded wallet's e-mail login, docs/wallet-service.md)
  Dev inbox           ${demo.stack.wallet.inboxUrl} (log in by e-mail: type any address in Connect, the code lands here)
  Farcaster app       ${demo.stack.wallet.farcasterAppUrl} (log in with Farcaster: paste the sign-in link the dapp shows, sign in as alice, bob or carol)
${Object.entries(demo.stack.smartAccounts)
  .map(([chainId, { bundlerUrl, paymasterUrl }]) => `  Bundler (${chainId})     ${bundlerUrl} (ERC-4337, EntryPoint v0.8; paymaster ${paymasterUrl}, docs/wallet-service.md)`)
  .join('\n')}

  The page carries three dev wallets that ask you to approve or reject each request, like browser
  extensions: Latch Dev Wallet (EVM), Solana Dev Wallet (Solana) and Latch Dev Bitcoin (Bitcoin,
  on a regtest ledger served by the provider API). Open the URL in a browser on this machine.
  Ctrl-C stops everything.
`)

/**
 * Calls `gone` once a process above this one (tsx, sh, npm, the shell…) exits or is re-parented,
 * checked every 250 ms through /proc (Linux; elsewhere only the signals stop the demo).
 */
function watchAncestors(gone: () => void) {
  const chain: { pid: number; ppid: number }[] = []
  for (let pid = process.ppid; pid > 1 && chain.length < 8; ) {
    const ppid = parentOf(pid)
    if (ppid === undefined) break
    chain.push({ pid, ppid })
    pid = ppid
  }
  if (chain.length === 0) return
  const timer = setInterval(() => {
    if (chain.some(({ pid, ppid }) => parentOf(pid) !== ppid)) {
      clearInterval(timer)
      gone()
    }
  }, 250)
  timer.unref()
}

function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
    const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const ppid = Number(parent)
    // A zombie has exited; its parent has not reaped it yet.
    return state !== 'Z' && Number.isInteger(ppid) ? ppid : undefined
  } catch {
    return undefined
  }
}
