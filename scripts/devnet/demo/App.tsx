import { AccountPanel } from './AccountPanel'
import { SendCalls } from './SendCalls'
import { SendForm } from './SendForm'
import { SignMessage } from './SignMessage'
import { SignTypedData } from './SignTypedData'
import { ConnectButton, NetworkButton, useAccount } from '../../../ui/index'

/** The demo dapp: a header with Latch's buttons, and what a dapp does once a wallet is connected. */
export function App() {
  const { isConnected } = useAccount()
  return (
    <div className="page">
      <header className="bar">
        <strong className="brand">Latch demo</strong>
        <nav className="actions">
          {isConnected ? <NetworkButton /> : null}
          <ConnectButton />
        </nav>
      </header>
      <main className="content">
        <h1>A dapp on a local chain</h1>
        <p className="lead">Two anvil chains, a dev wallet the browser discovers like an extension, and no internet.</p>
        {isConnected ? (
          <div className="grid">
            <AccountPanel />
            <SignMessage />
            <SignTypedData />
            <SendForm />
            <SendCalls />
          </div>
        ) : (
          <p className="hint" data-testid="demo-disconnected">
            Connect a wallet to sign a message or send a transaction.
          </p>
        )}
      </main>
    </div>
  )
}
