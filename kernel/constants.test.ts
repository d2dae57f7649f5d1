import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { constants, sdkVersion } from './constants'

describe('sdkVersion', () => {
  it("is package.json's version", () => {
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
    expect(sdkVersion).toBe(`latch-${version}`)
  })
})

// kernel/constants.ts is the one place for each number it lists (docs/behaviour.md, "Numbers"): every constant is read by
// the code it governs, so changing it there changes what Latch does; no other file keeps a copy of it.
const root = fileURLToPath(new URL('..', import.meta.url))

function sources(folder: string): string[] {
  return readdirSync(join(root, folder)).flatMap((name) => {
    const path = join(folder, name)
    if (statSync(join(root, path)).isDirectory()) return name === 'node_modules' || name === '__snapshots__' ? [] : sources(path)
    return /\.tsx?$/.test(name) && !/\.test(-d)?\.tsx?$/.test(name) && path !== 'kernel/constants.ts' ? [path] : []
  })
}

/** The constants of features not built yet: each is named with what will read it, and nothing reads it today. */
const awaiting: Record<string, string> = {
  frameLoadTimeout: 'the embedded wallet',
  loginRequestTimeout: 'the embedded wallet',
  frameReadyDelay: 'the embedded wallet',
  heartbeatInterval: "WalletConnect's session heartbeat",
  errorReportsPerWindow: 'error reporting',
  errorReportWindow: 'error reporting',
}

describe('constants', () => {
  const text = [...sources('kernel'), ...sources('plugins'), ...sources('ui')].map((file) => [file, readFileSync(join(root, file), 'utf8')] as const)
  const readers = (key: string) => text.filter(([, source]) => new RegExp(`\\bconstants\\.${key}\\b`).test(source)).map(([file]) => relative(root, join(root, file)))

  it.each(Object.keys(constants))('%s is read where it acts (or waits for its feature, read nowhere yet)', (key) => {
    if (key in awaiting) expect(readers(key), `${key} waits for ${awaiting[key]}`).toEqual([])
    else expect(readers(key), `${key} is read nowhere`).not.toEqual([])
  })

  it('has no copies: the rules of recent wallets, pending sends, e-mail display and the default network read them', async () => {
    const [wallets, send, display, chain] = await Promise.all([import('./rules/wallets'), import('../plugins/eip155/pending'), import('./rules/display'), import('./viem-chain')])
    expect(wallets.maxRecentWallets).toBe(constants.recentWalletsMax)
    expect(send.maxPendingTransactions).toBe(constants.pendingTransactionsLimit)
    expect(display.emailDisplayLimit).toBe(constants.emailDisplayMax)
    expect(chain.defaultNetworks()[0]).toMatchObject({ caipNetworkId: constants.defaultCaipNetworkId, nativeCurrency: { decimals: constants.decimals.eip155 } })
    for (const [file, source] of text) {
      expect(source, file).not.toMatch(/^export const (maxRecentWallets|maxPendingTransactions|emailDisplayLimit) = \d/m)
    }
  })
})
