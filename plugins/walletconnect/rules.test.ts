import { describe, expect, it } from 'vitest'
import { createTestNetwork } from '../../kernel/testing'
import { loadBitcoinAddressRule } from '../bip122/index'
import { planChainSwitch, proposalNamespaces, readSessionFamilies, readSessionProperties, reusesPairing, startingAccount, wireNamespaces } from './rules'

// docs/walletconnect.md, "Sessions".
const networks = [createTestNetwork('eip155', 1), createTestNetwork('eip155', 10), createTestNetwork('solana', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'), createTestNetwork('bip122', '000000000019d6689c085ae165831e93')]
const evm = '0x00000000000000000000000000000000000000a1'

describe('WalletConnect session rules', () => {
  it('proposes one namespace per registered family with networks: its chains, allowed methods and the default events', () => {
    const proposed = proposalNamespaces(networks, ['eip155', 'solana'])
    expect(Object.keys(proposed)).toEqual(['eip155', 'solana'])
    expect(proposed.eip155?.chains).toEqual(['eip155:1', 'eip155:10'])
    expect(proposed.eip155?.methods).toContain('personal_sign')
    expect(proposed.eip155?.methods).toContain('wallet_switchEthereumChain')
    expect(proposed.solana?.methods).toEqual(expect.arrayContaining(['solana_signMessage', 'solana_signAndSendTransaction']))
    expect(proposed.eip155?.events).toEqual(['accountsChanged', 'chainChanged'])
    expect(proposalNamespaces(networks, ['bip122'], { bip122: ['signMessage'] }).bip122?.methods).toEqual(['signMessage'])
  })

  it('reads the approved accounts of proposed chains only, deduplicated; refuses malformed or misfiled accounts and an empty approval', () => {
    const proposed = proposalNamespaces(networks, ['eip155', 'solana'])
    const families = readSessionFamilies(
      {
        eip155: { accounts: [`eip155:1:${evm}`, `eip155:10:${evm}`, `eip155:137:${evm}`], methods: ['personal_sign'], events: [] },
        cosmos: { accounts: ['cosmos:cosmoshub-4:cosmos1abc'], methods: [], events: [] },
      },
      proposed,
    )
    expect(families).toEqual([
      {
        ns: 'eip155',
        caipAddresses: [`eip155:1:${evm}`, `eip155:10:${evm}`],
        accounts: [{ address: evm }],
        chains: ['eip155:1', 'eip155:10'],
        methods: ['personal_sign'],
        events: [],
        rpcMap: { '1': 'http://127.0.0.1:8545/eip155/1', '10': 'http://127.0.0.1:8545/eip155/10' },
        defaultChain: 'eip155:1',
      },
    ])
    expect(startingAccount(families[0]!, 'eip155:10')).toBe(`eip155:10:${evm}`)
    expect(startingAccount(families[0]!, 'eip155:5')).toBe(`eip155:1:${evm}`)

    const refused = (approved: unknown) => {
      try {
        readSessionFamilies(approved, proposed)
        return undefined
      } catch (error) {
        return (error as { code?: string }).code
      }
    }
    expect(refused({ eip155: { accounts: ['eip155:1'], methods: [] } })).toBe('INVALID_RESPONSE')
    expect(refused({ eip155: { accounts: [`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${evm}`], methods: [] } })).toBe('INVALID_RESPONSE')
    expect(refused({ eip155: { accounts: [`eip155:137:${evm}`], methods: [] } })).toBe('INVALID_RESPONSE')
    expect(refused({ cosmos: { accounts: ['cosmos:x:y'], methods: [] } })).toBe('INVALID_RESPONSE')
    expect(refused('junk')).toBe('INVALID_RESPONSE')
    expect(refused({ eip155: { accounts: 'all', methods: [] } })).toBe('INVALID_RESPONSE')
  })

  it('refuses a session whose account on a proposed chain is not an address of its family (every family by its own rule)', async () => {
    const proposed = proposalNamespaces(networks, ['eip155', 'solana', 'bip122'])
    const rules = { bip122: await loadBitcoinAddressRule() }
    const refused = (approved: unknown) => {
      try {
        readSessionFamilies(approved, proposed, rules)
        return undefined
      } catch (error) {
        return (error as { code?: string }).code
      }
    }
    const solanaChain = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    const bitcoinChain = 'bip122:000000000019d6689c085ae165831e93'
    const solanaKey = 'GsbwXfJraMomNxBcjYLcG3mxkBUiyWXAB32fGbSMQRdW'
    const bitcoinAddress = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
    // Good accounts of each family are read.
    expect(readSessionFamilies({ eip155: { accounts: [`eip155:1:${evm}`], methods: [] }, solana: { accounts: [`${solanaChain}:${solanaKey}`], methods: [] }, bip122: { accounts: [`${bitcoinChain}:${bitcoinAddress}`], methods: [] } }, proposed, rules).map((f) => f.ns)).toEqual(['eip155', 'solana', 'bip122'])
    // Without Bitcoin's rule (its chunk did not load), no Bitcoin account is taken on trust.
    expect(() => readSessionFamilies({ bip122: { accounts: [`${bitcoinChain}:${bitcoinAddress}`], methods: [] } }, proposed)).toThrow(expect.objectContaining({ code: 'INVALID_RESPONSE' }))
    // One bad account refuses the whole session, even beside a good one.
    for (const bad of ['0xZZ', `0x${'1'.repeat(41)}`, `0x${'g'.repeat(40)}`, '0x%3Cscript%3E']) {
      expect(refused({ eip155: { accounts: [`eip155:1:${evm}`, `eip155:10:${bad}`], methods: [] } })).toBe('INVALID_RESPONSE')
    }
    expect(refused({ eip155: { accounts: [`eip155:1:${evm}`], methods: [] }, solana: { accounts: [`${solanaChain}:${evm}`], methods: [] } })).toBe('INVALID_RESPONSE')
    expect(refused({ solana: { accounts: [`${solanaChain}:${solanaKey}0`], methods: [] } })).toBe('INVALID_RESPONSE')
    // A Bitcoin address of another network (testnet's prefix on mainnet) is not one of this chain.
    expect(refused({ bip122: { accounts: [`${bitcoinChain}:tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx`], methods: [] } })).toBe('INVALID_RESPONSE')
    expect(refused({ bip122: { accounts: [`${bitcoinChain}:${evm}`], methods: [] } })).toBe('INVALID_RESPONSE')
  })

  it('a session namespace carries rpcMap (chain id → RPC URL of the configured network) and defaultChain, proposed and read back', () => {
    const withUrls = [createTestNetwork('eip155', 1, { rpcUrl: 'https://rpc.example/1' }), createTestNetwork('eip155', 10, { rpcUrl: 'https://rpc.example/10' }), createTestNetwork('eip155', 56, { rpcUrl: 'ws://not-http' })]
    const proposed = proposalNamespaces(withUrls, ['eip155'], {}, { eip155: 'eip155:10' })
    // Proposed: every configured network's http(s) RPC URL by its chain id, and the family's current network as the default chain.
    expect(proposed.eip155).toMatchObject({ chains: ['eip155:1', 'eip155:10', 'eip155:56'], rpcMap: { '1': 'https://rpc.example/1', '10': 'https://rpc.example/10' }, defaultChain: 'eip155:10' })
    expect(proposed.eip155?.rpcMap).not.toHaveProperty('56')
    // No current network: the first configured one.
    expect(proposalNamespaces(withUrls, ['eip155']).eip155?.defaultChain).toBe('eip155:1')
    const approved = { eip155: { accounts: [`eip155:1:${evm}`, `eip155:10:${evm}`], methods: ['personal_sign'], events: ['chainChanged', 'somethingElse'] } }
    // Read back with the session's approved chains: the RPC URLs of those chains only, the events Latch proposed only.
    const [family] = readSessionFamilies(approved, proposed)
    expect(family).toMatchObject({ rpcMap: { '1': 'https://rpc.example/1', '10': 'https://rpc.example/10' }, defaultChain: 'eip155:10', events: ['chainChanged'] })
    // The wallet's own default chain wins when it approved that chain; its own rpcMap is never taken.
    const [wallets] = readSessionFamilies({ eip155: { ...approved.eip155, defaultChain: 'eip155:1', rpcMap: { '1': 'https://wallet.example' } } }, proposed)
    expect(wallets).toMatchObject({ rpcMap: { '1': 'https://rpc.example/1', '10': 'https://rpc.example/10' }, defaultChain: 'eip155:1' })
    // A default chain the session did not approve (the wallet's or the proposal's) gives way to the session's first chain.
    const [first] = readSessionFamilies({ eip155: { accounts: [`eip155:1:${evm}`], methods: [], defaultChain: 'eip155:56' } }, proposed)
    expect(first).toMatchObject({ rpcMap: { '1': 'https://rpc.example/1' }, defaultChain: 'eip155:1' })
    // The sign-client is handed chains, methods and events only: rpcMap and defaultChain stay with Latch.
    expect(wireNamespaces(proposed)).toEqual({ eip155: { chains: proposed.eip155!.chains, methods: proposed.eip155!.methods, events: proposed.eip155!.events } })
  })

  it('sessionProperties are read back zod-checked: string values kept, anything else left out', () => {
    expect(readSessionProperties({ capabilities: '{"atomic":true}', flag: 'true' })).toEqual({ capabilities: '{"atomic":true}', flag: 'true' })
    expect(readSessionProperties({ good: 'yes', number: 1, nested: { a: 1 }, nothing: null })).toEqual({ good: 'yes' })
    expect(readSessionProperties({ ['k'.repeat(101)]: 'too long a key' })).toBeUndefined()
    expect(readSessionProperties('junk')).toBeUndefined()
    expect(readSessionProperties(undefined)).toBeUndefined()
    expect(Object.keys(readSessionProperties(Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, 'v']))) ?? {})).toHaveLength(50)
  })

  it('keeps only the approved methods Latch proposed: a wallet cannot widen them', () => {
    const proposed = proposalNamespaces(networks, ['eip155'], { eip155: ['personal_sign', 'eth_sendTransaction'] })
    const [family] = readSessionFamilies({ eip155: { accounts: [`eip155:1:${evm}`], methods: ['eth_sendTransaction', 'eth_sign', 'wallet_switchEthereumChain', 'eth_sendTransaction'] } }, proposed)
    expect(family?.methods).toEqual(['eth_sendTransaction'])
  })

  it('reuses a pending pairing only on Telegram or iOS Safari, and only with more than 10 s left', () => {
    const pending = { uri: 'wc:abc@2', expiry: 100_000 }
    expect(reusesPairing({ telegram: true, iosSafari: false }, pending, 50_000)).toBe(true)
    expect(reusesPairing({ telegram: false, iosSafari: true }, pending, 89_999)).toBe(true)
    expect(reusesPairing({ telegram: false, iosSafari: true }, pending, 90_000)).toBe(false)
    expect(reusesPairing({ telegram: false, iosSafari: false }, pending, 0)).toBe(false)
    expect(reusesPairing({ telegram: true, iosSafari: true }, undefined, 0)).toBe(false)
  })

  it('switches chain locally when approved, asks a wallet with the switch method, fails otherwise', () => {
    expect(planChainSwitch({ approvedChains: ['eip155:1', 'eip155:10'], target: 'eip155:10', methods: [] })).toBe('local')
    expect(planChainSwitch({ approvedChains: ['eip155:1'], target: 'eip155:10', methods: ['wallet_switchEthereumChain'] })).toBe('ask')
    expect(planChainSwitch({ approvedChains: ['eip155:1'], target: 'eip155:10', methods: ['personal_sign'] })).toBe('fail')
    expect(planChainSwitch({ approvedChains: [], target: 'solana:devnet', methods: ['wallet_switchEthereumChain'] })).toBe('fail')
  })
})
