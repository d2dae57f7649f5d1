import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { accountAddressChanged, accountConnected, accountDisconnected, networkSwitched } from '../kernel/core/slices/chains'
import { connectionRemoved } from '../kernel/core/slices/connection'
import { modalClosed } from '../kernel/core/slices/router'
import { createLatch } from '../kernel/latch'
import { connectionStateOf } from '../kernel/rules/connection-state'
import { checkAccountSwitch, planConnectionSwitch, switchOutcome } from '../kernel/rules/connection-switch'
import { routeNetworkChoice } from '../kernel/rules/network-route'
import { selectNetworkRoute, selectProfileConnections } from '../kernel/core/connection-selectors'
import { selectConnectedNamespaces } from '../kernel/core/slices/chains'
import type { State } from '../kernel/core/state'
import { createTestNetwork, createTestPorts } from '../kernel/testing'
import type { ChainNamespace, ConnectorType } from '../kernel/types'

// docs/behaviour.md, "Several connections" and "Network-switch routing", over any sequence of connection events.
const runs = { numRuns: 300 }
const families = ['eip155', 'solana', 'bip122'] as const
const networks = [createTestNetwork('eip155', 1), createTestNetwork('eip155', 10), createTestNetwork('solana', 'devnet'), createTestNetwork('bip122', 'testnet')]
const addresses: Record<(typeof families)[number], readonly string[]> = {
  eip155: ['0x00000000000000000000000000000000000000a1', '0x00000000000000000000000000000000000000A1', '0x00000000000000000000000000000000000000b2'],
  solana: ['So1anaAccount1111111111111111111111111111111', 'So1anaAccount2222222222222222222222222222222'],
  bip122: ['bc1qpayment0000000000000000000000000000000', 'bc1pordinals000000000000000000000000000000000000000000000'],
}
const connectorIds = ['first', 'second', 'third'] as const

type Op =
  | { kind: 'connect'; ns: (typeof families)[number]; connectorId: string; accounts: number[] }
  | { kind: 'disconnect'; ns: (typeof families)[number] }
  | { kind: 'remove'; ns: (typeof families)[number]; connectorId: string }
  | { kind: 'move'; ns: (typeof families)[number]; account: number }
  | { kind: 'network'; index: number }
  | { kind: 'close' }

const familyArb = fc.constantFrom(...families)
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('connect' as const), ns: familyArb, connectorId: fc.constantFrom(...connectorIds), accounts: fc.array(fc.nat({ max: 2 }), { minLength: 1, maxLength: 3 }) }),
  fc.record({ kind: fc.constant('disconnect' as const), ns: familyArb }),
  fc.record({ kind: fc.constant('remove' as const), ns: familyArb, connectorId: fc.constantFrom(...connectorIds) }),
  fc.record({ kind: fc.constant('move' as const), ns: familyArb, account: fc.nat({ max: 2 }) }),
  fc.record({ kind: fc.constant('network' as const), index: fc.nat({ max: networks.length - 1 }) }),
  fc.constant({ kind: 'close' as const }),
)

function apply(latch: ReturnType<typeof createLatch>, op: Op): void {
  const state = latch.getState()
  switch (op.kind) {
    case 'connect': {
      const pool = addresses[op.ns]
      const accounts = op.accounts.map((i) => ({ address: pool[i % pool.length] as string }))
      const network = state.chains[op.ns].network.caipNetwork
      if (!network) return
      latch.dispatch(accountConnected({ caipAddress: `${network.caipNetworkId}:${accounts[0]?.address}`, connectorId: op.connectorId, accounts }, { ns: op.ns }))
      return
    }
    case 'disconnect':
      latch.dispatch(accountDisconnected({}, { ns: op.ns }))
      return
    case 'remove':
      latch.dispatch(connectionRemoved({ connectorId: op.connectorId }, { ns: op.ns }))
      return
    case 'move': {
      const chain = state.chains[op.ns]
      const address = chain.account.allAccounts[op.account % Math.max(1, chain.account.allAccounts.length)]?.address
      if (address && chain.network.caipNetwork) latch.dispatch(accountAddressChanged({ caipAddress: `${chain.network.caipNetwork.caipNetworkId}:${address}` }, { ns: op.ns }))
      return
    }
    case 'network': {
      const network = networks[op.index] as (typeof networks)[number]
      latch.dispatch(networkSwitched({ caipNetworkId: network.caipNetworkId }, { ns: network.chainNamespace }))
      return
    }
    case 'close':
      latch.dispatch(modalClosed({}))
  }
}

/** The invariants of the connection state, whatever happened before. */
function checkInvariants(state: State): void {
  for (const ns of families) {
    const chain = state.chains[ns]
    const list = state.connection.connections[ns]
    const connected = chain.connectorId !== undefined
    // A family is connected exactly when it has an active connector, which then has an address and a connection.
    expect(chain.account.status === 'connected').toBe(connected)
    expect(chain.account.caipAddress !== undefined).toBe(connected)
    if (chain.connectorId !== undefined) {
      expect(connectionStateOf({ connectorId: chain.connectorId, connections: list }, chain.connectorId)).toBe('connected')
      expect(list.some((c) => c.connectorId === chain.connectorId)).toBe(true)
      expect(chain.account.caipAddress?.startsWith(`${chain.network.caipNetwork?.caipNetworkId}:`)).toBe(true)
    }
    // One entry per connector, never an empty one; no connected connector is also listed as disconnected.
    expect(new Set(list.map((c) => c.connectorId)).size).toBe(list.length)
    expect(list.every((c) => c.accounts.length > 0)).toBe(true)
    for (const entry of list) expect(state.connection.disconnectedConnectorIds[ns].includes(entry.connectorId) && entry.connectorId === chain.connectorId).toBe(false)
  }
  expect(state.connection.status === 'connected').toBe(selectConnectedNamespaces(state).length > 0)
  // The profile view lists every configured family, each connection with exactly one state.
  const profile = selectProfileConnections(state)
  expect(profile.map((f) => f.ns).sort()).toEqual([...families].sort())
  for (const family of profile) expect(family.connections.filter((c) => c.state === 'connected').length).toBe(family.connected ? 1 : 0)
  // Moving to a family without a connection is flagged only while another family is connected or the modal is open.
  if (state.connection.isSwitchingNamespace) expect(state.activeNamespace && state.chains[state.activeNamespace].connectorId).toBeUndefined()
}

describe('connection switching (properties)', () => {
  it('keeps the connection state valid, and one family never disturbs another, over any sequence of connection events', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 30 }), (ops) => {
        const latch = createLatch({ networks, ports: createTestPorts().ports })
        for (const op of ops) {
          const before = latch.getState()
          apply(latch, op)
          const after = latch.getState()
          checkInvariants(after)
          if (op.kind === 'connect' || op.kind === 'disconnect' || op.kind === 'remove' || op.kind === 'move') {
            for (const other of families) {
              if (other === op.ns) continue
              expect(after.chains[other].account).toBe(before.chains[other].account)
              expect(after.chains[other].connectorId).toBe(before.chains[other].connectorId)
              expect(after.connection.connections[other]).toBe(before.connection.connections[other])
            }
          }
        }
        latch.destroy()
      }),
      runs,
    )
  })

  it('plans a switch by the connection state: select within the connected one, reconnect an active one, log in afresh otherwise', () => {
    const typeArb = fc.constantFrom<ConnectorType>('INJECTED', 'ANNOUNCED', 'AUTH', 'WALLET_CONNECT', 'MULTI_CHAIN')
    fc.assert(
      fc.property(
        fc.option(fc.constantFrom(...connectorIds), { nil: undefined }),
        fc.subarray([...connectorIds]),
        fc.constantFrom(...connectorIds),
        typeArb,
        fc.option(fc.constantFrom('0xa', '0xA', '0xb'), { nil: undefined }),
        fc.option(fc.constantFrom('0xa', '0xb'), { nil: undefined }),
        fc.boolean(),
        fc.option(fc.constantFrom('0xa', '0xB'), { nil: undefined }),
        (active, listed, connectorId, connectorType, address, smartAccountAddress, smartAccountsUsable, activeAddress) => {
          const ids = active && !listed.includes(active) ? [...listed, active] : listed
          const family = { connectorId: active, connections: ids.map((id) => ({ connectorId: id, accounts: [{ address: '0xa' }] })) }
          const input = {
            family,
            connectorId,
            connectorType,
            smartAccountsUsable,
            ...(address === undefined ? {} : { address }),
            ...(smartAccountAddress === undefined ? {} : { smartAccountAddress }),
            ...(activeAddress === undefined ? {} : { activeAddress }),
          }
          const plan = planConnectionSwitch(input)
          const state = connectionStateOf(family, connectorId)
          const isSmart = (a: string | undefined) => a !== undefined && smartAccountAddress !== undefined && a.toLowerCase() === smartAccountAddress.toLowerCase() && smartAccountsUsable
          // The embedded wallet moving between its EOA and its smart account asks the frame for the other type.
          const otherType = connectorType === 'AUTH' && address !== undefined && activeAddress !== undefined && isSmart(address) !== isSmart(activeAddress)
          if (state === 'disconnected') expect(plan.kind).toBe('login')
          else if (state === 'connected' && address !== undefined && !otherType) expect(plan).toEqual({ kind: 'select', address })
          else expect(plan.kind).toBe('reconnect')
          if (plan.kind === 'login') expect(plan.method).toBe(connectorType === 'AUTH' ? 'embedded' : connectorType === 'WALLET_CONNECT' ? 'walletConnect' : 'wallet')
          if (plan.kind === 'reconnect') {
            const smart = address !== undefined && smartAccountAddress !== undefined && address.toLowerCase() === smartAccountAddress.toLowerCase() && smartAccountsUsable
            expect(plan.preferredAccountType).toBe(connectorType === 'AUTH' ? (smart ? 'smartAccount' : 'eoa') : undefined)
          }
        },
      ),
      { numRuns: 1000 },
    )
  })

  it('reports a switched account or wallet exactly when it changed, ignoring address case', () => {
    const side = fc.record({ connectorId: fc.option(fc.constantFrom('a', 'b'), { nil: undefined }), address: fc.option(fc.constantFrom('0xab', '0xAB', '0xcd'), { nil: undefined }) })
    fc.assert(
      fc.property(side, side, (before, after) => {
        const outcome = switchOutcome(before, after)
        expect(outcome.hasSwitchedWallet).toBe(before.connectorId !== after.connectorId)
        expect(outcome.hasSwitchedAccount).toBe(before.address?.toLowerCase() !== after.address?.toLowerCase())
      }),
      { numRuns: 1000 },
    )
  })

  it('accepts an account to switch to only when the connection holds it, and for Bitcoin only a payment account', () => {
    const accountArb = fc.record({ address: fc.constantFrom('a1', 'A1', 'b2', 'c3'), type: fc.option(fc.constantFrom('payment' as const, 'ordinal' as const, 'eoa' as const), { nil: undefined }) })
    fc.assert(
      fc.property(fc.constantFrom<ChainNamespace>(...families), fc.array(accountArb, { maxLength: 4 }), fc.constantFrom('a1', 'b2', 'zz', '', undefined), (ns, accounts, address) => {
        const held = accounts.find((a) => a.address.toLowerCase() === address?.toLowerCase())
        let code: string | undefined
        try {
          expect(checkAccountSwitch(ns, accounts, address)).toBe(held)
        } catch (error) {
          code = (error as { code?: string }).code
        }
        if (!address) expect(code).toBe(ns === 'bip122' ? 'BIP122_ADDRESS_REQUIRED' : 'INVALID_ADDRESS')
        else if (!held) expect(code).toBe('INVALID_ADDRESS')
        else if (ns === 'bip122' && held.type !== 'payment') expect(code).toBe('NON_PAYMENT_ACCOUNT')
        else expect(code).toBeUndefined()
      }),
      { numRuns: 1000 },
    )
  })

  it('routes a network choice from the state as the three rules say', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 20 }), fc.nat({ max: networks.length - 1 }), (ops, index) => {
        const latch = createLatch({ networks, ports: createTestPorts().ports })
        for (const op of ops) apply(latch, op)
        const state = latch.getState()
        const target = networks[index] as (typeof networks)[number]
        const route = selectNetworkRoute(state, target)
        const current = state.activeNamespace
        const connectedHere = current !== undefined && state.chains[current].connectorId !== undefined
        const connectedThere = state.chains[target.chainNamespace].connectorId !== undefined
        // No embedded-wallet connector: only the second rule can pick SwitchActiveChain.
        expect(route).toBe(connectedHere && target.chainNamespace !== current && !connectedThere ? 'SwitchActiveChain' : 'SwitchNetwork')
        expect(route).toBe(
          routeNetworkChoice(
            {
              activeNamespace: current,
              connectorIds: Object.fromEntries(families.flatMap((ns) => (state.chains[ns].connectorId ? [[ns, state.chains[ns].connectorId]] : []))),
              activeConnectorIsAuth: false,
              authSupportsTarget: false,
            },
            target.chainNamespace,
          ),
        )
        latch.destroy()
      }),
      runs,
    )
  })
})
