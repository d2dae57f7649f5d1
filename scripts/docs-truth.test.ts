import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { internalErrorCodes, shortMessages } from '../kernel/engine/errors'
import { activityErrors } from '../plugins/api/index'
import { eip155Errors } from '../plugins/eip155/index'
import { namesErrors } from '../plugins/names/index'
import { swapErrors } from '../plugins/swap/index'
import { onrampErrors } from '../plugins/onramp/index'

import { siwxErrors } from '../plugins/siwx/index'
import { walletConnectErrors } from '../plugins/walletconnect/index'
import { embeddedErrors } from '../plugins/embedded/index'
import { viewNames } from '../kernel/types'
import { lazyViews } from '../ui/modal/Router/lazy-views'

// What docs/ says about views and error codes, held against the code: a view the docs list is one the modal draws (and
// every view it draws is listed); a code the docs call raised is raised by some code, and one they call reserved is not.
const root = fileURLToPath(new URL('..', import.meta.url))
const read = (path: string) => readFileSync(join(root, path), 'utf8')

function sources(folder: string): string[] {
  return readdirSync(join(root, folder)).flatMap((name) => {
    const path = join(folder, name)
    if (statSync(join(root, path)).isDirectory()) return ['node_modules', '__snapshots__', 'locales'].includes(name) ? [] : sources(path)
    return /\.tsx?$/.test(name) && !/\.test(-d)?\.tsx?$/.test(name) ? [path] : []
  })
}

/** The rows' first cells of the Markdown table under `heading` (to the next heading of any level). */
function tableKeys(markdown: string, heading: RegExp): string[] {
  const start = markdown.search(heading)
  expect(start, String(heading)).toBeGreaterThanOrEqual(0)
  const rest = markdown.slice(start)
  const section = rest.slice(0, rest.slice(1).search(/\n#+ /) + 1 || undefined)
  return [...section.matchAll(/^\| `?([A-Za-z0-9_]+)`? \|/gm)].map((m) => m[1] as string).filter((key) => !['view', 'code'].includes(key))
}

describe('docs/behaviour.md, "Views"', () => {
  const router = read('ui/modal/Router/Router.tsx')
  const eager = /const eagerViews[^{]*\{([^}]*)\}/.exec(router)?.[1]?.match(/\b[A-Z]\w+/g) ?? []
  const drawn = [...new Set([...eager, ...Object.keys(lazyViews)])].sort()
  const listed = tableKeys(read('docs/behaviour.md'), /These views exist today/)

  it('lists exactly the views the modal draws, each a view name the kernel knows', () => {
    expect(eager).toContain('Connect')
    expect([...listed].sort()).toEqual(drawn)
    for (const name of listed) expect(viewNames).toContain(name)
  })
})

describe('docs/errors.md', () => {
  const markdown = read('docs/errors.md')
  const kernelRaised = tableKeys(markdown, /^## Codes raised today/m)
  const ofPlugins = tableKeys(markdown, /^## Codes of the plugins/m)
  const raised = [...kernelRaised, ...ofPlugins]
  const byRules = tableKeys(markdown, /^## Codes raised by exported rules/m)
  const reserved = tableKeys(markdown, /^## Codes reserved for features not built yet/m)
  const code = [...sources('kernel'), ...sources('plugins'), ...sources('adapters'), ...sources('ui')].filter((file) => file !== 'kernel/engine/errors.ts').map((file) => [file, read(file)] as const)
  const raisers = (name: string) => code.filter(([, text]) => text.includes(`'${name}'`)).map(([file]) => file)

  // The plugins' own codes, by the plugin the table names (docs/errors.md, "Codes of the plugins").
  const declared: Record<string, Readonly<Record<string, string>>> = { eip155: eip155Errors.codes, walletconnect: walletConnectErrors.codes, embedded: embeddedErrors.codes, siwx: siwxErrors.codes, names: namesErrors.codes, swap: swapErrors.codes, 'api (Activity)': activityErrors.codes, onramp: onrampErrors.codes }

  const pluginCodes = Object.values(declared).flatMap((codes) => Object.keys(codes))

  it("lists the plugins' codes apart, each with the plugin that declares it and its declared text", () => {
    expect([...ofPlugins].sort()).toEqual([...pluginCodes].sort())
    for (const name of pluginCodes) expect(kernelRaised, `${name} belongs to a plugin`).not.toContain(name)
    const section = markdown.slice(markdown.search(/^## Codes of the plugins/m))
    for (const [plugin, codes] of Object.entries(declared)) {
      for (const [name, text] of Object.entries(codes)) expect(section, name).toContain(`| \`${name}\` | ${plugin} | ${text.includes("'") ? `"${text}"` : `'${text}'`} |`)
    }
  })

  it('documents every code Latch has, once per section', () => {
    const all = [...Object.keys(shortMessages), ...internalErrorCodes, ...pluginCodes]
    for (const name of all) expect([...raised, ...byRules, ...reserved], name).toContain(name)
    for (const name of [...raised, ...byRules, ...reserved]) expect(all, `${name} is not a code`).toContain(name)
    expect(raised.filter((name) => reserved.includes(name) || byRules.includes(name))).toEqual([])
  })

  it.each(raised.filter((name, i) => raised.indexOf(name) === i))('%s, documented as raised, is raised by some code', (name) => {
    expect(raisers(name)).not.toEqual([])
  })

  it.each(byRules)('%s is raised by an exported rule only', (name) => {
    expect(raisers(name).length).toBeGreaterThan(0)
    expect(raisers(name).every((file) => file.startsWith('kernel/rules/'))).toBe(true)
  })

  it.each(reserved)('%s, documented as reserved, is raised by no code', (name) => {
    expect(raisers(name)).toEqual([])
  })
})
