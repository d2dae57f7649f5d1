import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Connector } from '../index'
import { createWalletRegistry, createWarnOnce } from './registry'

type Entry = { connector: Connector; wallet: object }
const entry = (id: string, wallet: object, name = id): Entry => ({ connector: { id, name, type: 'INJECTED', chain: 'solana' }, wallet })
const same = (a: Entry, b: Entry) => a.wallet === b.wallet

describe('createWalletRegistry (the kit\'s wallet registry)', () => {
  it('the first wallet under an id keeps it: another is taken, the same unchanged; updated only with `updates`', () => {
    const wallet = {}
    const plain = createWalletRegistry<Entry>({ same, max: 10 })
    expect(plain.set(entry('a', wallet))).toBe('added')
    expect(plain.set(entry('a', {}))).toBe('taken')
    expect(plain.set(entry('a', wallet, 'renamed'))).toBe('unchanged')
    expect(plain.get('a')?.connector.name).toBe('a')
    const updating = createWalletRegistry<Entry>({ same, max: 10, updates: true })
    updating.set(entry('a', wallet))
    expect(updating.set(entry('a', wallet))).toBe('unchanged')
    expect(updating.set(entry('a', wallet, 'renamed'))).toBe('updated')
    expect(updating.get('a')?.connector.name).toBe('renamed')
    expect(updating.find((e) => e.wallet === wallet)?.connector.id).toBe('a')
    expect(updating.delete('a')).toBe(true)
    expect(updating.entries()).toEqual([])
  })

  it('never lists more than `max` wallets, whatever is announced', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string({ maxLength: 3 }), fc.nat(5)), { maxLength: 60 }), fc.integer({ min: 1, max: 8 }), (announced, max) => {
        const wallets = Array.from({ length: 6 }, () => ({}))
        const registry = createWalletRegistry<Entry>({ same, max })
        const firstWallet = new Map<string, object>()
        for (const [id, w] of announced) {
          const wallet = wallets[w] as object
          const expected = !firstWallet.has(id) ? (firstWallet.size >= max ? 'full' : 'added') : firstWallet.get(id) === wallet ? 'unchanged' : 'taken'
          expect(registry.set(entry(id, wallet))).toBe(expected)
          if (expected === 'added') firstWallet.set(id, wallet)
        }
        expect(registry.entries().length).toBeLessThanOrEqual(max)
        for (const [id, wallet] of firstWallet) expect(registry.get(id)?.wallet).toBe(wallet)
      }),
    )
  })
})

describe('createWarnOnce', () => {
  it('warns once per key, whatever the message and however often', () => {
    const warnings: string[] = []
    const warn = createWarnOnce({ warn: (message) => void warnings.push(message) })
    warn('a', 'first a')
    warn('a', 'second a')
    warn('(full)', 'full')
    warn('(full)', 'full')
    expect(warnings).toEqual(['first a', 'full'])
    expect(() => createWarnOnce(undefined)('a', 'no logger')).not.toThrow()
  })
})
