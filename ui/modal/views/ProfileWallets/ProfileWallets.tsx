import { useId, useState } from 'react'
import {
  activateFamily,
  disconnectConnection,
  errorToast,
  routerPushed,
  toastRequested,
  type ChainNamespace,
  type Latch,
} from '../../../../kernel/index'
// By path, not from the kernel's barrel: only this view needs them (docs/react.md, "The modal's lazy chunk").
import { switchConnection } from '../../../../kernel/actions/switch-connection'
import { selectProfileConnections, type ProfileFamily } from '../../../../kernel/connection-selectors'
import { switchableAccounts } from '../../../../kernel/rules/connection-switch'
import { useLatchContext } from '../../../context'
import { Avatar, shortAddress, useLatch, useT } from '../../../shared'
import { DisconnectIcon, PlusIcon } from '../../icons'
import { WalletImage } from '../../WalletIcon/WalletIcon'
import { ListRow } from '../../WalletRow/WalletRow'
import { CurrentMark, LeaveRow } from '../Account/Account'
import { familyNames } from '../../families'

type ProfileConnection = ProfileFamily['connections'][number]

/** Same families, connections, states and addresses: the view need not draw again. */
function sameProfile(a: readonly ProfileFamily[], b: readonly ProfileFamily[]): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b)
}

/**
 * docs/behaviour.md, "Several connections": every configured family, the active one first, with each connection,
 * its address and state; switch to a connection or one of its accounts, disconnect one, add a wallet of a family,
 * or disconnect everything.
 */
export default function ProfileWallets() {
  const { latch } = useLatchContext()
  const t = useT()
  const families = useLatch(selectProfileConnections, sameProfile)
  return (
    <div className="profile" aria-label={t('profile.families')} role="group">
      {families.map((family) => (
        <FamilySection key={family.ns} latch={latch} family={family} />
      ))}
      <ul className="list profile-end">
        <li>
          <LeaveRow label={t('profile.disconnectAll')} />
        </li>
      </ul>
    </div>
  )
}

function FamilySection({ latch, family }: { latch: Latch; family: ProfileFamily }) {
  const t = useT()
  const id = useId()
  const name = familyNames[family.ns]
  return (
    <section className="profile-family" aria-labelledby={id}>
      <h3 className="family-name" id={id}>{name}</h3>
      <ul className="list" aria-label={t('profile.connections', { family: name })}>
        {family.connections.map((connection) => (
          <ConnectionItem key={connection.connectorId} latch={latch} ns={family.ns} connection={connection} />
        ))}
        <li>
          <ListRow icon={<span className="row-icon"><PlusIcon /></span>} name={t('profile.add', { family: name })} onClick={() => addWallet(latch, family.ns)} />
        </li>
      </ul>
    </section>
  )
}

function ConnectionItem({ latch, ns, connection }: { latch: Latch; ns: ChainNamespace; connection: ProfileConnection }) {
  const t = useT()
  const [busy, setBusy] = useState(false)
  const name = connection.connector?.name ?? connection.connectorId
  const connected = connection.state === 'connected'
  const accounts = connected ? switchableAccounts(ns, connection.accounts) : []
  const run = (work: () => Promise<unknown>) => {
    setBusy(true)
    void work()
      .catch((error: unknown) => latch.dispatch(toastRequested({ toast: errorToast(error) })))
      .finally(() => setBusy(false))
  }
  return (
    <li className="profile-connection" aria-busy={busy || undefined}>
      <div className="row static" aria-current={connected || undefined}>
        <WalletImage src={connection.connector?.imageUrl} size={40} />
        <span className="row-text">
          <span className="row-name" dir="auto">{name}</span>
          {connection.address ? <bdi className="row-sub">{shortAddress(connection.address)}</bdi> : null}
        </span>
        {connected ? (
          <span className="tag" data-tone="success">{t('profile.active')}</span>
        ) : (
          <button type="button" className="pill-button" disabled={busy} aria-label={t('profile.switchTo', { name })} onClick={() => run(() => switchConnection(latch, { ns, connectorId: connection.connectorId }))}>
            {t('profile.switch')}
          </button>
        )}
        <button type="button" className="icon-button small" disabled={busy} aria-label={t('profile.disconnectOne', { name })} onClick={() => run(() => disconnectConnection(latch, { ns, connectorId: connection.connectorId }))}>
          <DisconnectIcon size={18} />
        </button>
      </div>
      {accounts.length > 1 ? (
        <ul className="list profile-accounts" aria-label={t('profile.accounts', { name })}>
          {accounts.map((account) => {
            const current = account.address.toLowerCase() === connection.address?.toLowerCase()
            return (
              <li key={account.address}>
                <button
                  type="button"
                  className="row"
                  aria-current={current || undefined}
                  disabled={busy}
                  onClick={() => (current ? undefined : run(() => switchConnection(latch, { ns, connectorId: connection.connectorId, address: account.address })))}
                >
                  <Avatar address={account.address} size={28} />
                  <bdi className="row-name">{shortAddress(account.address)}</bdi>
                  {current ? <CurrentMark label={t('profile.active')} /> : null}
                </button>
              </li>
            )
          })}
        </ul>
      ) : null}
    </li>
  )
}

/** Adds a wallet of a family: the family becomes the active one (no wallet is asked), then the wallet list of it opens. */
function addWallet(latch: Latch, ns: ChainNamespace): void {
  activateFamily(latch, ns)
  latch.dispatch(routerPushed({ view: { name: 'Connect' } }))
}
