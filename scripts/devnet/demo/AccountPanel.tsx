import { type State } from '../../../kernel/index'
import { formatTokenValueOf } from '../../../kernel/rules/token-value'
import { getSiwxSession, signOut } from '../../../plugins/siwx/index'
import { useLatchAccount, useLatchBalanceWatch, useLatch, useLatchInstance, useLatchNetwork, useLatchTokenBalances } from '../../../ui/index'

/** 'off' without the siwx plugin; otherwise until when the active account is signed in, or 'no'. */
const selectSignIn = (state: State): string => {
  if (!(state as Partial<State>).siwx) return 'off'
  const session = getSiwxSession(state)
  return session ? (session.expiresAt ?? 'yes') : 'no'
}

/** What the dapp knows about the connected account, straight from Latch's hooks. */
export function AccountPanel() {
  const { address, balance, balanceSymbol } = useLatchAccount()
  const { caipNetwork } = useLatchNetwork()
  // This panel shows the balance: Latch keeps it fresh while it is on screen.
  useLatchBalanceWatch()
  const tokens = useLatchTokenBalances()
  const signedIn = useLatch(selectSignIn)
  const latch = useLatchInstance()
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
        {signedIn === 'off' ? null : (
          <>
            <dt>Signed in</dt>
            <dd data-testid="demo-signed-in">
              {signedIn === 'no' ? 'no' : `until ${signedIn}`}{' '}
              {signedIn === 'no' ? null : (
                <button type="button" className="secondary" onClick={() => signOut(latch)}>
                  Sign out
                </button>
              )}
            </dd>
          </>
        )}
        <dt>Tokens</dt>
        <dd>
          {tokens.length === 0 ? (
            '—'
          ) : (
            <ul className="tokens" data-testid="demo-tokens">
              {tokens.map((token) => (
                <li key={token.address} data-testid={`demo-token-${token.symbol}`}>
                  {token.quantity.numeric} {token.symbol}
                  {token.value === undefined ? null : <span className="muted"> (${formatTokenValueOf(token.value)})</span>}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
    </section>
  )
}
