import { describe, expect, it } from 'vitest'
import { accountConnected, createLatch, networkSwitched } from '../../kernel/index'
import { createTestNetwork, createTestPorts } from '../../kernel/testing'
import { siwxAccountSchema } from './events'
import { selectActiveAccount } from './state'
import * as z from 'zod/mini'

// docs/siwx.md, "The account": the sign-in account carries namespace, address, type (eoa or smartAccount), publicKey and path.

const evm = '0x1234567890abcdef1234567890abcdef1234abcd'
const solana = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

function latch() {
  return createLatch({ networks: [createTestNetwork('eip155', 1), createTestNetwork('solana', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')], ports: createTestPorts().ports })
}

describe('the sign-in account (namespace, address, type, publicKey, path)', () => {
  it("is 'eoa' for a plain EVM account and 'smartAccount' for one its connection lists as such, any case of the address", () => {
    const l = latch()
    l.dispatch(accountConnected({ caipAddress: `eip155:1:${evm}`, connectorId: 'w', accounts: [{ address: evm.toUpperCase().replace('0X', '0x'), type: 'smartAccount' }] }, { ns: 'eip155' }))
    l.dispatch(networkSwitched({ caipNetworkId: 'eip155:1' }, { ns: 'eip155' }))
    expect(selectActiveAccount(l.getState())).toEqual({ ns: 'eip155', address: evm, chainId: 'eip155:1', type: 'smartAccount' })
    const plain = latch()
    plain.dispatch(accountConnected({ caipAddress: `eip155:1:${evm}`, connectorId: 'w' }, { ns: 'eip155' }))
    plain.dispatch(networkSwitched({ caipNetworkId: 'eip155:1' }, { ns: 'eip155' }))
    expect(selectActiveAccount(plain.getState())).toEqual({ ns: 'eip155', address: evm, chainId: 'eip155:1', type: 'eoa' })
  })

  it('carries the public key of a Solana account (its address, base58)', () => {
    const l = latch()
    const chainId = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    l.dispatch(accountConnected({ caipAddress: `${chainId}:${solana}`, connectorId: 'w' }, { ns: 'solana' }))
    l.dispatch(networkSwitched({ caipNetworkId: chainId }, { ns: 'solana' }))
    expect(selectActiveAccount(l.getState())).toEqual({ ns: 'solana', address: solana, chainId, type: 'eoa', publicKey: solana })
  })

  it('is checked with zod: a type other than eoa or smartAccount, or a path that is not a derivation path, is refused', () => {
    const account = { ns: 'bip122', address: 'bc1qxyz', chainId: 'bip122:000000000019d6689c085ae165831e93', type: 'eoa', publicKey: '02'.padEnd(66, 'a'), path: "m/84'/0'/0'/0/0" }
    expect(z.safeParse(siwxAccountSchema, account).success).toBe(true)
    expect(z.safeParse(siwxAccountSchema, { ...account, type: 'payment' }).success).toBe(false)
    expect(z.safeParse(siwxAccountSchema, { ...account, path: '../etc' }).success).toBe(false)
  })
})
