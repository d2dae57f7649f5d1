// Latch on a page with no framework and no bundler (docs/html.md): one ES module from the package, loaded by a
// <script type="module" src>. It carries React, so the page needs none.
import { createLatch, eip155, fromViemChain, mountLatch } from './node_modules/latch/dist/elements-standalone.js'

// The local chain (anvil's defaults); ?rpc= points the page at another node.
const rpcUrl = new URLSearchParams(location.search).get('rpc') ?? 'http://127.0.0.1:8545'
const anvil = {
  id: 31337,
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [rpcUrl] } },
}

const latch = createLatch({
  networks: [fromViemChain(anvil)],
  plugins: [eip155()],
  metadata: { name: 'Plain HTML', description: 'Latch without a framework', url: location.origin, icons: [] },
})
// Mounts the modal and defines <latch-connect-button>, <latch-account-button> and <latch-network-button>.
const ui = mountLatch(latch)

const $ = (id) => document.getElementById(id)
const connectButton = document.querySelector('latch-connect-button')

// The elements say what changed as DOM events; subscribe() reads any part of the state.
connectButton.addEventListener('latch-account-change', (event) => {
  const { isConnected, address } = event.detail
  $('address').textContent = isConnected ? address : 'not connected'
  $('sign').disabled = !isConnected
  $('disconnect').disabled = !isConnected
})
ui.subscribe(
  (state) => state.router.open,
  (open) => document.body.toggleAttribute('data-modal-open', open),
)

$('sign').addEventListener('click', async () => {
  $('error').textContent = ''
  try {
    const { signature } = await ui.signMessage({ message: 'Hello from a plain HTML page' })
    $('signature').textContent = signature
  } catch (error) {
    $('error').textContent = error.shortMessage ?? String(error)
  }
})
$('disconnect').addEventListener('click', () => ui.disconnect())

// For the end-to-end test, which reads Latch's log.
window.latch = latch
