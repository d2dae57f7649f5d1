import { describe, it, expect } from 'vitest'
import type { Connection } from '../types'
import { addConnection, dedupeAccounts, removeAccount, removeConnection, sameAddress } from './connections'

const mm = (addresses: string[], extra: Partial<Connection> = {}): Connection => ({
  connectorId: 'io.metamask',
  accounts: addresses.map((address) => ({ address })),
  ...extra,
})

describe('sameAddress', () => {
  it('compares case-insensitively', () => {
    expect(sameAddress('0xABC', '0xabc')).toBe(true)
    expect(sameAddress('0xABC', '0xabd')).toBe(false)
  })
})

describe('dedupeAccounts', () => {
  it('keeps the first casing and order', () => {
    expect(dedupeAccounts([{ address: '0xAa' }, { address: '0xbb' }, { address: '0xaa' }])).toEqual([
      { address: '0xAa' },
      { address: '0xbb' },
    ])
  })
  it('returns the same reference when there is nothing to drop', () => {
    const accounts = [{ address: '0x1' }, { address: '0x2' }]
    expect(dedupeAccounts(accounts)).toBe(accounts)
  })
})

describe('addConnection', () => {
  it('appends a new connector', () => {
    const list = [mm(['0x1'])]
    const result = addConnection(list, { connectorId: 'walletConnect', accounts: [{ address: '0x2' }] })
    expect(result.map((c) => c.connectorId)).toEqual(['io.metamask', 'walletConnect'])
  })

  it('merges accounts case-insensitively, first casing and order kept', () => {
    const list = [mm(['0xAA', '0xbb'])]
    const result = addConnection(list, mm(['0xaa', '0xCC', '0xBB']))
    expect(result).toEqual([mm(['0xAA', '0xbb', '0xCC'])])
  })

  it('replaces the accounts of the embedded-wallet connector', () => {
    const list = [{ connectorId: 'AUTH', accounts: [{ address: '0x1' }, { address: '0x2' }] }]
    const result = addConnection(list, { connectorId: 'AUTH', accounts: [{ address: '0x3', type: 'smartAccount' }] })
    expect(result).toEqual([{ connectorId: 'AUTH', accounts: [{ address: '0x3', type: 'smartAccount' }] }])
  })

  it('honours a custom embedded-wallet connector id', () => {
    const list = [{ connectorId: 'ID_AUTH', accounts: [{ address: '0x1' }] }]
    const replaced = addConnection(list, { connectorId: 'ID_AUTH', accounts: [{ address: '0x2' }] }, { authConnectorId: 'ID_AUTH' })
    expect(replaced[0]?.accounts).toEqual([{ address: '0x2' }])
    const merged = addConnection(list, { connectorId: 'ID_AUTH', accounts: [{ address: '0x2' }] })
    expect(merged[0]?.accounts).toEqual([{ address: '0x1' }, { address: '0x2' }])
  })

  it('lets the incoming entry update the other fields', () => {
    const result = addConnection([mm(['0x1'], { recent: false })], mm(['0x1'], { recent: true, caipNetwork: 'eip155:1' }))
    expect(result).toEqual([mm(['0x1'], { recent: true, caipNetwork: 'eip155:1' })])
  })

  it('dedupes the accounts of an appended entry', () => {
    expect(addConnection([], mm(['0xA', '0xa']))).toEqual([mm(['0xA'])])
  })

  it('never stores an entry without accounts', () => {
    const list = [mm(['0x1'])]
    expect(addConnection(list, { connectorId: 'x', accounts: [] })).toBe(list)
    const auth = [{ connectorId: 'AUTH', accounts: [{ address: '0x1' }] }]
    expect(addConnection(auth, { connectorId: 'AUTH', accounts: [] })).toEqual([])
  })

  it('returns the same reference when nothing changes', () => {
    const list = [mm(['0xAA', '0xbb'])]
    expect(addConnection(list, mm(['0xaa']))).toBe(list)
  })

  it('does not mutate its inputs', () => {
    const list = Object.freeze([Object.freeze(mm(['0x1']))])
    const incoming = Object.freeze(mm(['0x2']))
    expect(() => addConnection(list, incoming)).not.toThrow()
    expect(list[0]?.accounts).toEqual([{ address: '0x1' }])
  })
})

describe('removeAccount', () => {
  it('removes an address case-insensitively', () => {
    const result = removeAccount([mm(['0xAA', '0xbb'])], { connectorId: 'io.metamask', address: '0xaa' })
    expect(result).toEqual([mm(['0xbb'])])
  })

  it('drops the entry when no accounts remain', () => {
    const other = { connectorId: 'walletConnect', accounts: [{ address: '0xaa' }] }
    const result = removeAccount([mm(['0xAA']), other], { connectorId: 'io.metamask', address: '0xaa' })
    expect(result).toEqual([other])
  })

  it('returns the same reference when the address is absent', () => {
    const list = [mm(['0x1'])]
    expect(removeAccount(list, { connectorId: 'io.metamask', address: '0x2' })).toBe(list)
    expect(removeAccount(list, { connectorId: 'other', address: '0x1' })).toBe(list)
  })
})

describe('removeConnection', () => {
  it('removes the connector entry', () => {
    const other = { connectorId: 'walletConnect', accounts: [{ address: '0x2' }] }
    expect(removeConnection([mm(['0x1']), other], 'io.metamask')).toEqual([other])
  })
  it('returns the same reference when absent', () => {
    const list = [mm(['0x1'])]
    expect(removeConnection(list, 'nope')).toBe(list)
  })
})
