import { AccountPanel } from './AccountPanel'
import { BitcoinCard } from './BitcoinCard'
import { SendCalls } from './SendCalls'
import { SendForm } from './SendForm'
import { SignMessage } from './SignMessage'
import { SignTypedData } from './SignTypedData'
import { SolanaCard } from './SolanaCard'
import type { DemoConfig } from './config'
import { ConnectButton, NetworkButton, useLatchAccount, useLatch } from '../../../ui/index'
import type { State } from '../../../kernel/index'

const selectFamily = (state: State) => state.activeNamespace

/** The demo dapp: a header with Latch's buttons, and what a dapp does once a wallet is connected (of the active family). */
export function App({
  locale,
  onLocale,
  solana,
  bitcoin,
  inboxUrl,
}: {
  locale: string | undefined
  onLocale(locale: string | undefined): void
  solana?: DemoConfig['solana']
  bitcoin?: { esploraUrl: string }
  /** The dev inbox of the embedded wallet's service, when the demo has the e-mail login. */
  inboxUrl?: string
}) {
  const { isConnected } = useLatchAccount()
  const family = useLatch(selectFamily)
  return (
    <div className="page">
      <header className="bar">
        <strong className="brand">Latch demo</strong>
        <LanguagePicker locale={locale} onLocale={onLocale} />
        <nav className="actions">
          {isConnected ? <NetworkButton /> : null}
          <ConnectButton />
        </nav>
      </header>
      {inboxUrl && !isConnected ? (
        <p className="email-hint" data-testid="demo-inbox">
          No wallet? Type any e-mail address in Connect: the code arrives in the{' '}
          <a href={inboxUrl} target="_blank" rel="noreferrer">
            dev inbox
          </a>
          .
        </p>
      ) : null}
      <main className="content">
        <h1>A dapp on a local chain</h1>
        <p className="lead">Two anvil chains, Solana and Bitcoin regtest, dev wallets the browser discovers like extensions, and no internet.</p>
        {isConnected && family === 'solana' && solana ? (
          <div className="grid">
            <AccountPanel />
            <SolanaCard rpcUrl={solana.rpcUrl} wsUrl={solana.wsUrl} />
          </div>
        ) : isConnected && family === 'bip122' && bitcoin ? (
          <div className="grid">
            <AccountPanel />
            <BitcoinCard esploraUrl={bitcoin.esploraUrl} />
          </div>
        ) : isConnected ? (
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

/** The languages Latch ships, in their own names; "Browser" follows the browser's languages. */
const languages: readonly [string, string][] = [
  ['', 'Browser language'],
  ['en', 'English'],
  ['es', 'Español'],
  ['fr', 'Français'],
  ['de', 'Deutsch'],
  ['ja', '日本語'],
  ['zh-CN', '简体中文'],
  ['pt-BR', 'Português (Brasil)'],
  ['ar', 'العربية'],
  ['en-XA', 'Pseudo-locale'],
]

function LanguagePicker({ locale, onLocale }: { locale: string | undefined; onLocale(locale: string | undefined): void }) {
  return (
    <select className="language" aria-label="Language of the wallet modal" value={locale ?? ''} onChange={(event) => onLocale(event.target.value || undefined)}>
      {languages.map(([tag, name]) => (
        <option key={tag} value={tag} lang={tag || undefined}>
          {name}
        </option>
      ))}
    </select>
  )
}
