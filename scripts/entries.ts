/** One public subpath of the package: where its source is and what esbuild names its output. */
export type Entry = {
  /** The key in package.json "exports" (`.`, `./testing`, `./react`, `./plugins/eip155`). */
  subpath: string
  /** Source file, relative to the repository root. */
  source: string
  /** Output name under dist/ without extension (`index` → `dist/index.js`). */
  out: string
}

/** Every public entry point: the single list build, check-exports and bench read. */
export const entries: readonly Entry[] = [
  { subpath: '.', source: 'kernel/index.ts', out: 'index' },
  { subpath: './testing', source: 'kernel/testing.ts', out: 'testing' },
  // The pure rules (addresses, CAIP ids, display, wallet lists; docs/README.md): apart, so `.` reaches none of the code
  // the modal and the plugins' lazily loaded parts share with them (docs/chunks.md).
  { subpath: './rules', source: 'kernel/rules/index.ts', out: 'rules' },
  // The family kit for plugin authors (docs/plugins.md, "The family kit"): apart, so `.` carries none of it.
  { subpath: './family', source: 'kernel/family/index.ts', out: 'family' },
  // Draft reducers for plugins that want them (docs/plugins.md, "Draft reducers"): apart, so a dapp none of whose plugins
  // imports it carries no immer.
  { subpath: './immer', source: 'kernel/immer.ts', out: 'immer' },
  { subpath: './plugins/eip155', source: 'plugins/eip155/index.ts', out: 'plugins/eip155' },
  { subpath: './plugins/api', source: 'plugins/api/index.ts', out: 'plugins/api' },
  // The provider API's client and helpers (docs/behaviour.md, "Provider API"): apart, so `api()` alone pulls none of them up front.
  { subpath: './plugins/api/client', source: 'plugins/api/client.ts', out: 'plugins/api-client' },
  // The provider API's name service (docs/names.md): apart from the api plugin, so a dapp without names carries none of it.
  { subpath: './plugins/names', source: 'plugins/names/index.ts', out: 'plugins/names' },
  // Token swaps through the provider API's swap routes (docs/swap.md): apart, so a dapp without swaps carries none of it.
  { subpath: './plugins/swap', source: 'plugins/swap/index.ts', out: 'plugins/swap' },
  // Buying with fiat through a provider (docs/behaviour.md, "Buy (on-ramp)"): apart, so a dapp without it carries none of it.
  { subpath: './plugins/onramp', source: 'plugins/onramp/index.ts', out: 'plugins/onramp' },
  { subpath: './plugins/solana', source: 'plugins/solana/index.ts', out: 'plugins/solana' },
  { subpath: './plugins/bip122', source: 'plugins/bip122/index.ts', out: 'plugins/bip122' },
  { subpath: './plugins/walletconnect', source: 'plugins/walletconnect/index.ts', out: 'plugins/walletconnect' },
  { subpath: './plugins/siwx', source: 'plugins/siwx/index.ts', out: 'plugins/siwx' },
  // A backend's sign-in checks (docs/siwx.md, "Server mode"): apart, so the plugin's entry carries no verification code.
  { subpath: './plugins/siwx/server', source: 'plugins/siwx/server.ts', out: 'plugins/siwx-server' },
  // The embedded wallet's e-mail login (docs/embedded-wallet.md): the frame's channel and the login load on first use.
  { subpath: './plugins/embedded', source: 'plugins/embedded/index.ts', out: 'plugins/embedded' },
  // wagmi's connector over Latch (docs/wagmi.md): its own entry, so a dapp that does not import it loads none of it.
  { subpath: './wagmi', source: 'adapters/wagmi/index.ts', out: 'wagmi' },
  { subpath: './react', source: 'ui/index.ts', out: 'react' },
  // Custom elements and a plain-JavaScript surface for pages not written in React (docs/elements.md), on the host's React.
  { subpath: './elements', source: 'ui/elements/index.ts', out: 'elements' },
  // The in-page timeline (docs/devtools.md): its own entry, so an app that does not import it loads none of it.
  { subpath: './devtools', source: 'devtools/index.ts', out: 'devtools' },
  { subpath: './i18n', source: 'ui/i18n/public.ts', out: 'i18n' },
  // The modal's catalogues (docs/i18n.md): `latch/react` loads the one spoken by itself; import one to have it at once.
  ...['es', 'fr', 'de', 'ja', 'zh-CN', 'pt-BR', 'ar'].map((locale) => ({ subpath: `./locales/${locale}`, source: `ui/i18n/locales/${locale}.ts`, out: `locales/${locale}` })),
]

/**
 * Entries built apart, with every dependency inside (React, react-dom, RxJS, zod, Latch's kernel), for a page with no bundler
 * (docs/elements.md, "Without a bundler"): scripts/build.ts bundles them in a second esbuild pass whose chunks go to
 * dist/standalone/, sharing nothing with the entries above. scripts/layering.test.ts and the size budget's lazy chunks
 * follow the entries above only; the budget's "entries" holds these too.
 */
export const standaloneEntries: readonly Entry[] = [{ subpath: './elements/standalone', source: 'ui/elements/standalone.ts', out: 'elements-standalone' }]

/** A stylesheet the package ships (package.json "exports"), written by scripts/build.ts from a string a source module exports. */
export type Stylesheet = {
  /** The key in package.json "exports" (`./styles.css`). */
  subpath: string
  /** The module, relative to the repository root, and the name of its export that holds the CSS. */
  source: string
  exportName: string
  /** Output file under dist/ (`styles.css` → `dist/styles.css`). */
  out: string
}

/**
 * Every shipped stylesheet. `latch/styles.css`: the buttons' styles for server-rendered pages (docs/nextjs.md, "Styles"),
 * the same text LatchProvider adopts at run time when the page lacks it.
 */
export const stylesheets: readonly Stylesheet[] = [{ subpath: './styles.css', source: 'ui/components/buttons.css.ts', exportName: 'buttonsStylesheet', out: 'styles.css' }]

/** Where a stylesheet lands, as package.json "exports" names it. */
export function stylesheetPath(sheet: Stylesheet): string {
  return `./dist/${sheet.out}`
}

/** Where the declaration file of an entry lands (tsc keeps the source tree under dist/types). */
export function typesPath(entry: Entry): string {
  return `./dist/types/${entry.source.replace(/\.tsx?$/, '.d.ts')}`
}

/** Where the bundle of an entry lands. */
export function importPath(entry: Entry): string {
  return `./dist/${entry.out}.js`
}

/** One command of the package's "bin": its name, its source, and its output under dist/ without extension. */
export type Bin = { name: string; source: string; out: string }

/** Every command the package installs (package.json "bin"), built for node by scripts/build.ts. */
export const bins: readonly Bin[] = [{ name: 'latch-replay', source: 'cli/bin.ts', out: 'bin/latch-replay' }]

/** Where a bin's bundle lands, as package.json "bin" names it. */
export function binPath(bin: Bin): string {
  return `dist/${bin.out}.js`
}

/** The package subpath (`latch`, `latch/testing`) a public entry's source file is imported as. */
export function packageSpecifier(entry: Entry, name = 'latch'): string {
  return entry.subpath === '.' ? name : `${name}/${entry.subpath.slice(2)}`
}
