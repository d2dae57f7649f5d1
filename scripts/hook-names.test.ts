/**
 * Latch's names cannot be mistaken for wagmi's (docs/react.md, "Hooks"): every hook `latch/react` exports is named
 * `useLatch…`, and no name exported by `latch/react` or `latch/wagmi` — values and types — is one `wagmi` or
 * `@wagmi/core` exports, so an editor's auto-import in an app with both never picks the wrong one. wagmi's names are
 * read from the installed packages' declarations at test time, so a new wagmi name is caught too.
 */
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { beforeAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
const ours = ['latch', 'latch/react', 'latch/wagmi'] as const
const wagmis = ['wagmi', '@wagmi/core'] as const

/**
 * The names the kernel's entry shares with @wagmi/core today: its actions of the same verbs (`connect(latch, …)`
 * against `connect(config, …)`) and their parameter, return and error types (docs/errors.md, "Error types of the
 * verbs"), and `State`/`Connector`/`Connection`. Pinned exactly: no name of another kind joins it.
 */
const kernelSharedWithWagmiCore = [
  'ConnectErrorType',
  'ConnectParameters',
  'ConnectReturnType',
  'Connection',
  'Connector',
  'DisconnectErrorType',
  'DisconnectParameters',
  'SendTransactionErrorType',
  'SendTransactionParameters',
  'SendTransactionReturnType',
  'SignMessageErrorType',
  'SignMessageParameters',
  'SignMessageReturnType',
  'State',
  'connect',
  'disconnect',
  'sendTransaction',
  'signMessage',
  'switchNetwork',
]

/** Every name (value or type) each module exports, as TypeScript resolves it with the repository's tsconfig.json. */
function exportNames(specifiers: readonly string[]): Map<string, string[]> {
  const file = `${root}__export-names.ts`
  const source = specifiers.map((specifier, i) => `export * as m${i} from '${specifier}'`).join('\n')
  const parsed = ts.getParsedCommandLineOfConfigFile(`${root}tsconfig.json`, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })
  if (!parsed) throw new Error('tsconfig.json did not parse')
  const host = ts.createCompilerHost(parsed.options)
  const { readFile, fileExists } = host
  host.readFile = (name) => (name === file ? source : readFile.call(host, name))
  host.fileExists = (name) => name === file || fileExists.call(host, name)
  const program = ts.createProgram({ rootNames: [file], options: { ...parsed.options, noEmit: true }, host })
  const checker = program.getTypeChecker()
  const sourceFile = program.getSourceFile(file)
  if (!sourceFile) throw new Error('no source')
  const names = new Map<string, string[]>()
  sourceFile.statements.forEach((statement, i) => {
    const specifier = (statement as ts.ExportDeclaration).moduleSpecifier
    const symbol = specifier && checker.getSymbolAtLocation(specifier)
    if (!symbol) throw new Error(`${specifiers[i]} did not resolve`)
    names.set(specifiers[i] as string, checker.getExportsOfModule(symbol).map((exported) => exported.name))
  })
  return names
}

let names = new Map<string, string[]>()
beforeAll(() => {
  names = exportNames([...ours, ...wagmis])
}, 120_000)

describe("Latch's names and wagmi's", () => {
  it('reads the names of all five modules', () => {
    for (const specifier of [...ours, ...wagmis]) expect(names.get(specifier)?.length, specifier).toBeGreaterThan(0)
    // wagmi's hooks are there to collide with: the check has something to find.
    expect(names.get('wagmi')).toEqual(expect.arrayContaining(['useAccount', 'useSignMessage', 'useBalance', 'useSendTransaction']))
  })

  it('every hook latch/react exports is named useLatch…', () => {
    const hooks = (names.get('latch/react') ?? []).filter((name) => /^use[A-Z]/.test(name))
    expect(hooks.length).toBeGreaterThan(10)
    expect(hooks.filter((name) => !name.startsWith('useLatch'))).toEqual([])
  })

  it('no name of latch/react or latch/wagmi is a name of wagmi or @wagmi/core', () => {
    const theirs = new Set(wagmis.flatMap((specifier) => names.get(specifier) ?? []))
    for (const specifier of ['latch/react', 'latch/wagmi']) expect((names.get(specifier) ?? []).filter((name) => theirs.has(name)), specifier).toEqual([])
  })

  it("latch shares with wagmi only the pinned names of its actions, and no hook's", () => {
    const theirs = new Set(wagmis.flatMap((specifier) => names.get(specifier) ?? []))
    const shared = (names.get('latch') ?? []).filter((name) => theirs.has(name)).sort()
    expect(shared).toEqual(kernelSharedWithWagmiCore)
  })
})
