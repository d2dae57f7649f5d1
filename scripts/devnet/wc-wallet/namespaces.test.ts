import { describe, expect, it } from 'vitest'
import { planSession, type FamilyOffer } from './namespaces'

// Proposals with required namespaces are built by hand: sign-client 2.25's connect() moves a dapp's
// requiredNamespaces into optionalNamespaces, so no proposal over the relay carries any.
const regtest = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const offers: Record<string, FamilyOffer> = {
  eip155: { chains: ['eip155:31337', 'eip155:31338'], addressOn: () => '0xabc', methods: ['personal_sign', 'eth_sendTransaction'], approveAll: true },
  solana: { chains: ['solana:localnet'], addressOn: () => 'Sol111', methods: ['solana_signMessage', 'solana_getAccounts'] },
  bip122: { chains: [regtest], addressOn: () => 'bcrt1qdev', methods: ['signMessage', 'getAccountAddresses'] },
}
const events = ['accountsChanged', 'chainChanged']

describe('planSession (which namespaces the dev wallet approves)', () => {
  it('approves each proposed namespace on the served chains proposed, with the proposed methods it answers', () => {
    const plan = planSession(
      {
        optionalNamespaces: {
          eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events },
          solana: { chains: ['solana:localnet', 'solana:devnet'], methods: ['solana_signMessage', 'solana_signTransaction'], events },
          [regtest]: { methods: ['signMessage', 'sendTransfer'], events },
        },
      },
      offers,
    )
    expect(plan).toEqual({
      approve: {
        // eip155 as the wallet always approved it: every chain it serves, every method it answers.
        eip155: { chains: ['eip155:31337', 'eip155:31338'], accounts: ['eip155:31337:0xabc', 'eip155:31338:0xabc'], methods: ['personal_sign', 'eth_sendTransaction'], events: ['chainChanged', 'accountsChanged'] },
        solana: { chains: ['solana:localnet'], accounts: ['solana:localnet:Sol111'], methods: ['solana_signMessage'], events: ['chainChanged', 'accountsChanged'] },
        bip122: { chains: [regtest], accounts: [`${regtest}:bcrt1qdev`], methods: ['signMessage'], events: ['chainChanged', 'accountsChanged'] },
      },
    })
  })

  it('leaves out a namespace the proposal does not name, or names only on chains the wallet does not serve', () => {
    const plan = planSession({ optionalNamespaces: { eip155: { chains: ['eip155:31337'], methods: [], events: [] }, solana: { chains: ['solana:mainnet'], methods: [], events: [] } } }, offers)
    expect(Object.keys('approve' in plan ? plan.approve : {})).toEqual(['eip155'])
  })

  it('rejects a proposal that leaves nothing to approve', () => {
    expect(planSession({ optionalNamespaces: { solana: { chains: ['solana:mainnet'], methods: [], events: [] } } }, offers)).toEqual({ reject: 'unsupportedChains' })
    expect(planSession({}, offers)).toEqual({ reject: 'unsupportedChains' })
  })

  it('rejects a required chain it does not serve (5100), a required method it does not answer (5101), a required event it does not emit (5102)', () => {
    const solana = (ns: { chains?: string[]; methods?: string[]; events?: string[] }) =>
      planSession({ requiredNamespaces: { solana: { chains: ['solana:localnet'], methods: [], events: [], ...ns } }, optionalNamespaces: { eip155: { chains: ['eip155:31337'], methods: [], events: [] } } }, offers)
    expect(solana({ chains: ['solana:devnet'] })).toEqual({ reject: 'unsupportedChains' })
    expect(solana({ methods: ['solana_signAndSendTransaction'] })).toEqual({ reject: 'unsupportedMethods' })
    expect(solana({ events: ['bip122_addressesChanged'] })).toEqual({ reject: 'unsupportedEvents' })
    expect(planSession({ requiredNamespaces: { cosmos: { chains: ['cosmos:cosmoshub-4'], methods: [], events: [] } } }, offers)).toEqual({ reject: 'unsupportedChains' })
    // Without a solana offer, a required solana chain is unsupported too.
    const { solana: _solana, ...withoutSolana } = offers
    expect(planSession({ requiredNamespaces: { 'solana:localnet': { methods: [], events: [] } } }, withoutSolana)).toEqual({ reject: 'unsupportedChains' })
  })

  it('approves a required namespace it meets in full', () => {
    const plan = planSession({ requiredNamespaces: { 'solana:localnet': { methods: ['solana_getAccounts'], events: ['accountsChanged'] } } }, offers)
    expect(plan).toEqual({ approve: { solana: { chains: ['solana:localnet'], accounts: ['solana:localnet:Sol111'], methods: ['solana_getAccounts'], events: ['chainChanged', 'accountsChanged'] } } })
  })
})
