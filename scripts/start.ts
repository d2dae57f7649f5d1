/**
 * `npm start`: the demo dapp on a local stack (two anvil chains, the provider API, the dev
 * wallet), all on 127.0.0.1. Prints the URL; Ctrl-C stops every process.
 */
import { startDemo } from './devnet/demo/serve-demo'

const demo = await startDemo()
const [first, second] = demo.stack.chains
console.log(`
  Latch demo          ${demo.url}

  Chain ${first?.chainId} (${first?.name})   ${first?.url}
  Chain ${second?.chainId} (${second?.name}) ${second?.url}
  Provider API        ${demo.stack.api.url}

  The page carries a dev wallet (Latch Dev Wallet) that asks you to approve or reject each
  request, like a browser extension. Open the URL in a browser on this machine.
  Ctrl-C stops everything.
`)
