/**
 * `--plugins` of the replay CLI (docs/debugging.md, "The replay CLI"): the package's own plugins by name
 * (`eip155,solana`, or `all`), each imported from its public entry (`latch/plugins/<name>`; in the built bin these
 * imports are imports of the installed package, so they share its kernel), and modules of the integrator's own
 * plugins by path. Replay folds reducers only, so each plugin is made with placeholder settings: no effect runs, and
 * none is refused for want of a family plugin beside it.
 */
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Plugin } from '../kernel/index'

/** One of the package's plugins: the entry it is imported from, and how replay makes it. */
type PackagePlugin = { entry: string; load: () => Promise<Plugin> }

/** The package's plugins by the name they are logged under (`ExportedLog.plugins`). */
export const packagePlugins: Readonly<Record<string, PackagePlugin>> = {
  eip155: { entry: 'latch/plugins/eip155', load: async () => (await import('../plugins/eip155/index')).eip155() },
  api: { entry: 'latch/plugins/api', load: async () => (await import('../plugins/api/index')).api() },
  // The zone only names the slice's zone in its first state: replay sends no request.
  names: { entry: 'latch/plugins/names', load: async () => (await import('../plugins/names/index')).names({ baseUrl: 'http://127.0.0.1', zone: 'latch.id' }) },
  // Replay sends no request: the base URL only configures the effect, which replay never loads to ask anything.
  swap: { entry: 'latch/plugins/swap', load: async () => (await import('../plugins/swap/index')).swap({ baseUrl: 'http://127.0.0.1' }) },
  onramp: { entry: 'latch/plugins/onramp', load: async () => (await import('../plugins/onramp/index')).onramp({ baseUrl: 'http://127.0.0.1' }) },
  solana: { entry: 'latch/plugins/solana', load: async () => (await import('../plugins/solana/index')).solana() },
  bip122: { entry: 'latch/plugins/bip122', load: async () => (await import('../plugins/bip122/index')).bip122() },
  // walletConnect() requires a project id; replay opens no relay connection, so any id does.
  walletconnect: { entry: 'latch/plugins/walletconnect', load: async () => (await import('../plugins/walletconnect/index')).walletConnect({ projectId: 'latch-replay' }) },
  // embeddedWallet() requires the frame's URL (http or https); replay adds no frame and reaches no wallet service, so a
  // placeholder on the loopback does. Its slice and reducers are the same whatever the settings.
  embedded: { entry: 'latch/plugins/embedded', load: async () => (await import('../plugins/embedded/index')).embeddedWallet({ frameUrl: 'http://127.0.0.1/latch-replay' }) },
  siwx: { entry: 'latch/plugins/siwx', load: async () => (await import('../plugins/siwx/index')).siwx() },
}

/** The names `--plugins` accepts: every package plugin, and `all`. */
export const pluginNames = [...Object.keys(packagePlugins), 'all'] as const

/** What `--plugins` loaded: the plugins, and a line for each plugin `all` left out because its entry did not load. */
export type LoadedPlugins = { plugins: Plugin[]; notes: string[] }

/**
 * A package plugin as replay uses it: without its `check`. That check refuses a live instance whose connector has no
 * family plugin to hand its session to (`WALLETCONNECT_NO_FAMILY`, `EMBEDDED_NO_FAMILY`: docs/errors.md); replay hands
 * nothing to anyone, so `--plugins embedded` alone replays the embedded events.
 */
function withoutCheck(plugin: Plugin): Plugin {
  const { check: _check, ...rest } = plugin
  return rest
}

/** Whether a `--plugins` item is a module path rather than a name: it has a slash or a file extension. */
function isPath(item: string): boolean {
  return /[\\/]/.test(item) || /\.[cm]?[jt]sx?$/.test(item)
}

/**
 * Loads the plugins of `--plugins` values: each a comma list of names (`eip155`, `all`) and module paths
 * (`./plugins.mjs`), in the order given, each plugin once. An unknown name throws, listing the valid ones; a named
 * plugin whose entry does not load throws with the reason (a missing optional peer names its package); under `all`
 * such a plugin is left out with a note instead.
 */
export async function loadPluginOption(values: readonly string[]): Promise<LoadedPlugins> {
  const items = values.flatMap((value) => value.split(',')).map((item) => item.trim()).filter(Boolean)
  if (items.length === 0) throw new Error(`--plugins needs plugin names (${pluginNames.join(', ')}) or a module path`)
  const plugins: Plugin[] = []
  const notes: string[] = []
  const named = new Set<string>()
  for (const item of items) {
    if (isPath(item)) {
      plugins.push(...(await loadPlugins(item)))
      continue
    }
    const name = item.toLowerCase()
    if (name !== 'all' && !(name in packagePlugins)) {
      throw new Error(`--plugins ${item}: no plugin of that name; the names are ${pluginNames.join(', ')} (or give a module path such as ./plugins.mjs)`)
    }
    for (const each of name === 'all' ? Object.keys(packagePlugins) : [name]) {
      if (named.has(each)) continue
      named.add(each)
      const known = packagePlugins[each] as PackagePlugin
      try {
        plugins.push(withoutCheck(await known.load()))
      } catch (cause) {
        const reason = `${known.entry} did not load: ${(cause as Error).message}`
        if (name !== 'all') throw new Error(`--plugins ${each}: ${reason}`)
        notes.push(`--plugins all: ${each} left out, ${reason}`)
      }
    }
  }
  return { plugins, notes }
}

/** Imports a module whose default export is an array of plugins. */
export async function loadPlugins(path: string): Promise<Plugin[]> {
  let module: { default?: unknown }
  try {
    module = (await import(pathToFileURL(resolve(path)).href)) as { default?: unknown }
  } catch (cause) {
    throw new Error(`--plugins ${path}: cannot import it: ${(cause as Error).message}`)
  }
  const plugins = module.default
  const valid = Array.isArray(plugins) && plugins.every((p) => typeof (p as { name?: unknown })?.name === 'string')
  if (!valid) throw new Error(`--plugins ${path}: the default export must be an array of plugins (objects with a name)`)
  return plugins as Plugin[]
}
