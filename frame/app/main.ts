import * as z from 'zod/mini'
import { serveFrameChannel } from '../channel'
import { browserStorage } from './browser-storage'
import { originAllowed } from './origins'
import { serviceClient } from './service-client'
import { smartAccounts } from './smart-account'
import { walletApp, type ApprovalRequest, type ThemeSync } from './wallet-app'

/**
 * The frame app's entry (docs/embedded-frame.md): its config is baked in by the build (frame/app/build.ts), so the
 * channel is served synchronously, before the page's handshake arrives on the frame's load; it serves the parent page
 * when the page's origin is allowed, and shows each signature and transaction for approval.
 */

declare const __LATCH_FRAME_CONFIG__: unknown

const configSchema = z.object({
  version: z.string(),
  /** Patterns of the dapp origins, as WALLET_ALLOWED_ORIGINS (`http://127.0.0.1:*`, `https://*.example.org`). */
  parentOrigins: z.array(z.string()),
  defaultChainId: z.string().check(z.regex(/^(eip155|solana):[-_a-zA-Z0-9]{1,32}$/)),
  /** JSON-RPC nodes by EVM chain id (`31337`) or Solana network (`solana:localnet`, a CAIP-2 id). */
  rpc: z.record(z.string().check(z.regex(/^(\d+|solana:[-_a-zA-Z0-9]{1,32})$/)), z.string()),
  /** Smart accounts by EVM chain id: the bundler and, when operations are sponsored, the ERC-7677 paymaster (docs/embedded-frame.md, "Smart accounts"). */
  smartAccounts: z.optional(z.record(z.string().check(z.regex(/^\d+$/)), z.object({ bundlerUrl: z.url(), paymasterUrl: z.optional(z.url()) }))),
})

function parentOrigin(): string | undefined {
  const ancestors = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins
  if (ancestors && ancestors.length > 0) return ancestors[0]
  try {
    return new URL(document.referrer).origin
  } catch {
    return undefined
  }
}

const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T

/**
 * One approval at a time: the panel shows the request until Approve or Reject. A request the page withdraws (its
 * signal aborts) leaves the panel, or the queue before it was shown, as rejected.
 */
function approvalUi(): (request: ApprovalRequest, signal: AbortSignal) => Promise<boolean> {
  let queue = Promise.resolve()
  return (request, signal) => {
    const shown = queue.then(
      () =>
        new Promise<boolean>((resolve) => {
          if (signal.aborted) return resolve(false)
          element('title').textContent = request.title
          // Who asks: the page's verified origin always, the dapp's name only when its synced url is that origin.
          element('dapp').textContent = request.dapp.name ? `${request.dapp.name} · ${request.dapp.origin}` : request.dapp.origin
          const lines = element('lines')
          lines.replaceChildren(...request.lines.map((line) => Object.assign(document.createElement('pre'), { textContent: line })))
          element('approval').hidden = false
          element('idle').hidden = true
          const done = (answer: boolean) => () => {
            signal.removeEventListener('abort', withdrawn)
            element('approval').hidden = true
            element('idle').hidden = false
            element<HTMLButtonElement>('approve').onclick = null
            element<HTMLButtonElement>('reject').onclick = null
            resolve(answer)
          }
          const withdrawn = done(false)
          signal.addEventListener('abort', withdrawn, { once: true })
          element<HTMLButtonElement>('approve').onclick = done(true)
          element<HTMLButtonElement>('reject').onclick = done(false)
          // The page shows the frame as this panel opens: the visitor's keyboard starts on Approve's neighbour, Reject.
          element<HTMLButtonElement>('reject').focus({ preventScroll: true })
        }),
    )
    queue = shown.then(() => undefined)
    return shown
  }
}

/**
 * SYNC_THEME on the panel (docs/embedded-frame.md, "Theme"): the mode, and of the variables only the accent, the font
 * and the radius, each checked by the browser's CSS parser. Text and background colours stay the mode's own, so no
 * theme can make what the visitor approves unreadable.
 */
function applyTheme({ themeMode, themeVariables = {} }: ThemeSync) {
  const root = document.documentElement
  root.style.colorScheme = themeMode
  const accepted = { '--latch-accent': 'color', '--latch-font-family': 'font-family', '--latch-radius': 'border-radius' } as const
  for (const [name, property] of Object.entries(accepted)) {
    const raw = themeVariables[name]
    const value = typeof raw === 'number' && property === 'border-radius' ? `${raw}px` : typeof raw === 'string' ? raw : undefined
    if (value !== undefined && value.length <= 200 && !/[;{}]|url\(|var\(/i.test(value) && CSS.supports(property, value)) root.style.setProperty(name, value)
    else root.style.removeProperty(name)
  }
}

function start() {
  const config = z.parse(configSchema, __LATCH_FRAME_CONFIG__)
  const parent = parentOrigin()
  if (!parent || !originAllowed(parent, config.parentOrigins)) {
    element('idle').textContent = 'This wallet cannot be used from this page.'
    return
  }
  const rpcUrl = (chainId: number) => config.rpc[String(chainId)]
  const smartNetworks = Object.entries(config.smartAccounts ?? {}).map(([chainId, network]) => [Number(chainId), network] as const)
  const solanaDefault = config.defaultChainId.startsWith('solana:') ? config.defaultChainId : Object.keys(config.rpc).find((key) => key.startsWith('solana:'))
  const app = walletApp({
    client: serviceClient({ baseUrl: location.origin }),
    storage: browserStorage(parent),
    approve: approvalUi(),
    rpcUrl,
    solanaRpcUrl: (caipNetworkId) => config.rpc[caipNetworkId],
    defaultChainId: config.defaultChainId as `${string}:${string}`,
    // The first Solana network with a node, else mainnet.
    ...(solanaDefault ? { defaultSolanaChainId: solanaDefault as `solana:${string}` } : {}),
    theme: applyTheme,
    // The embedded wallet's smart accounts, on the networks the build gives a bundler.
    ...(smartNetworks.length > 0 ? { smartAccounts: smartAccounts({ networks: Object.fromEntries(smartNetworks), rpcUrl, fetch: globalThis.fetch.bind(globalThis) }) } : {}),
  })
  serveFrameChannel({ allowedParentOrigins: [parent], version: config.version, handlers: app.handlers, ready: app.restore() })
}

start()
