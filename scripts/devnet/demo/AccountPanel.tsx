import { useAccount, useNetwork } from '../../../ui/index'

/** What the dapp knows about the connected account, straight from Latch's hooks. */
export function AccountPanel() {
  const { address, balance, balanceSymbol } = useAccount()
  const { caipNetwork } = useNetwork()
  return (
    <section className="card" aria-labelledby="account-title">
      <h2 id="account-title">Account</h2>
      <dl>
        <dt>Address</dt>
        <dd data-testid="demo-address">{address}</dd>
        <dt>Network</dt>
        <dd data-testid="demo-network">{caipNetwork ? `${caipNetwork.name} (${caipNetwork.caipNetworkId})` : '—'}</dd>
        <dt>Balance</dt>
        <dd data-testid="demo-balance">{balance === undefined ? '…' : `${balance} ${balanceSymbol ?? ''}`}</dd>
      </dl>
    </section>
  )
}
