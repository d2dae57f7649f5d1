import fc from 'fast-check'
import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import type { ChainNamespace, ViewName } from '../kernel/index'
import { encodeQr } from '../ui/qr/encode'
import { decodeMatrix } from '../scripts/testing/qr'
import { defineAddon, walletFeatureOrder, type FeatureAddon } from '../ui/addons'
import { featureRows } from '../ui/modal/views/Account/Account'
import { receiveAddress } from '../ui/modal/views/Receive/Receive'

// docs/behaviour.md, "Account features" and "Receive".
const families: readonly ChainNamespace[] = ['eip155', 'solana', 'bip122', 'polkadot', 'cosmos']
const load = () => Promise.resolve({ default: () => null })
const addonArb = fc.record({ feature: fc.constantFrom(...walletFeatureOrder), view: fc.constantFrom<ViewName>('OnRamp', 'Swap', 'Send', 'Receive') })
const order = [...walletFeatureOrder, 'activity']

describe('Account feature rows', () => {
  it('follow the feature order; off hides; an add-on replaces the built-in row; built-ins only for their families and registered views', () => {
    fc.assert(
      fc.property(
        fc.option(fc.constantFrom(...families), { nil: undefined }),
        fc.dictionary(fc.constantFrom(...walletFeatureOrder), fc.boolean()),
        fc.array(addonArb, { maxLength: 5 }),
        fc.subarray<ViewName>(['Receive', 'Send', 'Activity']),
        (ns, features, specs, registered) => {
          const addons = specs.map((spec) => defineAddon({ kind: 'feature', feature: spec.feature, label: spec.feature, view: spec.view, title: spec.feature, load }) as FeatureAddon)
          const rows = featureRows(ns, features, addons, new Set(registered))
          const keys = rows.map((row) => row.key)
          // In order, once each.
          expect(keys).toEqual([...keys].sort((a, b) => order.indexOf(a) - order.indexOf(b)))
          expect(new Set(keys).size).toBe(keys.length)
          for (const feature of walletFeatureOrder) {
            const row = rows.find((r) => r.key === feature)
            const addon = addons.find((a) => a.feature === feature)
            if (features[feature] === false) expect(row).toBeUndefined()
            else if (addon) expect(row).toEqual({ key: feature, view: addon.view, addon })
            else if (row) {
              expect(row.builtin).toBeDefined()
              expect(registered).toContain(row.view)
            }
          }
          const builtins = rows.filter((row) => row.builtin).map((row) => row.key)
          if (ns !== 'eip155' && ns !== 'solana') expect(builtins).not.toContain('send')
          expect(builtins.includes('activity')).toBe(ns === 'eip155' && registered.includes('Activity'))
          const expectReceive = ns !== undefined && ['eip155', 'solana', 'bip122'].includes(ns) && features.receive !== false && !addons.some((a) => a.feature === 'receive') && registered.includes('Receive')
          expect(builtins.includes('receive')).toBe(expectReceive)
        },
      ),
      { numRuns: 1000 },
    )
  })
})

describe('Receive', () => {
  it("an EVM address in any case is given its EIP-55 checksum (viem's getAddress), and its code decodes to it", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.constantFrom('lower', 'upper', 'checksummed'), (bytes, casing) => {
        const hex = `0x${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}` as const
        const given = casing === 'lower' ? hex : casing === 'upper' ? `0x${hex.slice(2).toUpperCase()}` : getAddress(hex)
        const address = receiveAddress('eip155', given)
        expect(address).toBe(getAddress(hex))
        const qr = encodeQr(address, { ecLevel: 'M' })
        expect(decodeMatrix(qr.modules, qr.size, 2)?.text).toBe(address)
      }),
      { numRuns: 100 },
    )
  })

  it('any other address is kept as the wallet gave it', () => {
    fc.assert(
      fc.property(fc.constantFrom<ChainNamespace>('solana', 'bip122'), fc.string({ unit: fc.constantFrom(...'123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'), minLength: 1, maxLength: 64 }), (ns, address) => {
        expect(receiveAddress(ns, address)).toBe(address)
      }),
    )
  })
})
