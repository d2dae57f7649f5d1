import { useEffect, useId, useRef, useState } from 'react'
import {
  activateFamily,
  disconnectConnection,
  errorToast,
  routerPushed,
  switchConnection,
  toastRequested,
  type ChainNamespace,
  type Latch,
  type State,
} from '../../../../kernel/index'
// By path, not from the kernel's barrel: only this view needs them (docs/react.md, "The modal's lazy chunk").
import type { ProfileFamily } from '../../../../kernel/core/connection-selectors'
import { switchableAccounts } from '../../../../kernel/rules/connection-switch'
import { selectProfileConnections, useLatchContext, Avatar, CurrentMark, isolated, LeaveRow, selectAccountIdentity, shortAddress, useLatch, useLatchTranslate, displayName, DisconnectIcon, PlusIcon, WalletImage, ListRow, familyNames } from '../kit'

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
const selectActiveFamily = (state: State) => state.activeNamespace

export default function ProfileWallets() {
  const { latch } = useLatchContext()
  const t = useLatchTranslate()
  const families = useLatch(selectProfileConnections, sameProfile)
  const activeFamily = useLatch(selectActiveFamily)
  return (
    <div className="profile" aria-label={t('profile.families')} role="group">
      {families.map((family) => (
        <FamilySection key={family.ns} latch={latch} family={family} current={family.ns === activeFamily} />
      ))}
      <ul className="list profile-end">
        <li>
          <LeaveRow label={t('profile.disconnectAll')} />
        </li>
      </ul>
    </div>
  )
}

/**
 * A family's connections. The family the page is on (the active family) is marked 'Current'; each family's connected wallet
 * reads 'Active on <family>', so three families never read a bare 'Active' each (docs/behaviour.md, "Several connections").
 */
function FamilySection({ latch, family, current }: { latch: Latch; family: ProfileFamily; current: boolean }) {
  const t = useLatchTranslate()
  const id = useId()
  const name = familyNames[family.ns]
  return (
    <section className="profile-family" aria-labelledby={current ? `${id} ${id}-current` : id} data-current={current || undefined}>
      <div className="family-head">
        <h3 className="family-name" id={id}>{name}</h3>
        {current ? (
          <span className="tag" data-tone="accent" id={`${id}-current`}>
            {t('profile.current')}
          </span>
        ) : null}
      </div>
      <ul className="list" aria-label={t('profile.connections', { family: name })}>
        {family.connections.map((connection) => (
          <ConnectionItem key={connection.connectorId} latch={latch} ns={family.ns} connection={connection} currentFamily={current} />
        ))}
        <li>
          <ListRow icon={<span className="row-icon"><PlusIcon /></span>} name={t('profile.add', { family: name })} onClick={() => addWallet(latch, family.ns)} />
        </li>
      </ul>
    </section>
  )
}

/**
 * One connection: its wallet, its account (as every view draws it: the name when it has one), 'Active on <family>' or Switch,
 * and the disconnect icon, which asks first (docs/behaviour.md, "Several connections": a disconnected wallet can only be
 * connected again through the wallet, so there is nothing to undo).
 */
function ConnectionItem({ latch, ns, connection, currentFamily }: { latch: Latch; ns: ChainNamespace; connection: ProfileConnection; currentFamily: boolean }) {
  const t = useLatchTranslate()
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const disconnectRef = useRef<HTMLButtonElement>(null)
  const confirmId = useId()
  const name = connection.connector?.name ?? connection.connectorId
  const connected = connection.state === 'connected'
  const accounts = connected ? switchableAccounts(ns, connection.accounts) : []
  const identity = useLatch((state: State) => selectAccountIdentity(state, ns, connection.address), sameIdentityOf)
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
          {/* The second line: the account, then (for the family's connected wallet) 'Active on <family>', so the name keeps the width. */}
          {connection.address || connected ? (
            <span className="profile-sub">
              {connection.address ? (
                <bdi className="row-sub" title={connection.address}>
                  {displayName(connection.address, identity.name)}
                </bdi>
              ) : null}
              {connected ? (
                <span className="tag" data-tone={currentFamily ? 'success' : 'neutral'}>
                  {t('profile.activeOn', { family: familyNames[ns] })}
                </span>
              ) : null}
            </span>
          ) : null}
        </span>
        {connected ? null : (
          <button type="button" className="pill-button" disabled={busy} aria-label={t('profile.switchTo', { name })} onClick={() => run(() => switchConnection(latch, { ns, connectorId: connection.connectorId }))}>
            {t('profile.switch')}
          </button>
        )}
        <button
          ref={disconnectRef}
          type="button"
          className="icon-button small"
          disabled={busy}
          aria-label={t('profile.disconnectOne', { name })}
          aria-expanded={confirming}
          aria-controls={confirming ? confirmId : undefined}
          onClick={() => setConfirming((open) => !open)}
        >
          <DisconnectIcon size={18} />
        </button>
      </div>
      {confirming ? (
        <ConfirmDisconnect
          id={confirmId}
          name={name}
          busy={busy}
          onCancel={() => {
            setConfirming(false)
            disconnectRef.current?.focus()
          }}
          onConfirm={() => run(() => disconnectConnection(latch, { ns, connectorId: connection.connectorId }))}
        />
      ) : null}
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
                  <AccountRow ns={ns} address={account.address} />
                  {/* The embedded wallet's two EVM accounts: which is the smart account and which the EOA that owns it. */}
                  {account.type === 'smartAccount' || account.type === 'eoa' ? (
                    <span className="tag" data-tone="neutral">
                      {t(account.type === 'smartAccount' ? 'account.typeSmart' : 'account.typeEoa')}
                    </span>
                  ) : null}
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

const sameIdentityOf = (a: { name?: string; image?: string }, b: { name?: string; image?: string }) => a.name === b.name && a.image === b.image

/** An account of a connection, as every view draws it: its picture and name when it has them, else the short address. */
function AccountRow({ ns, address }: { ns: ChainNamespace; address: string }) {
  const identity = useLatch((state: State) => selectAccountIdentity(state, ns, address), sameIdentityOf)
  return (
    <>
      <Avatar address={address} image={identity.image} size={28} />
      <bdi className="row-name" title={address}>
        {identity.name ?? shortAddress(address)}
      </bdi>
    </>
  )
}

/** 'Disconnect <wallet>?' under its row, with Cancel (focused when it opens: the safe choice) and Disconnect. */
function ConfirmDisconnect({ id, name, busy, onCancel, onConfirm }: { id: string; name: string; busy: boolean; onCancel(): void; onConfirm(): void }) {
  const t = useLatchTranslate()
  const textId = useId()
  const cancelRef = useRef<HTMLButtonElement>(null)
  useEffect(() => cancelRef.current?.focus(), [])
  return (
    <div className="profile-confirm" id={id} role="group" aria-labelledby={textId}>
      <p id={textId} className="profile-confirm-text">
        {isolated(t, 'profile.confirmDisconnect', { name }, 'name')}
      </p>
      <p className="profile-confirm-note subtle">{t('profile.confirmNote')}</p>
      <div className="profile-confirm-actions">
        <button ref={cancelRef} type="button" className="button secondary" disabled={busy} onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className="button danger" aria-busy={busy || undefined} disabled={busy} onClick={onConfirm}>
          {/* Its own text: in Arabic the usual 'Disconnect' (إلغاء الربط) reads too close to Cancel (إلغاء) beside it. */}
          {busy ? t('common.disconnecting') : t('profile.confirmButton')}
        </button>
      </div>
    </div>
  )
}

/** Adds a wallet of a family: the family becomes the active one (no wallet is asked), then the wallet list of it opens. */
function addWallet(latch: Latch, ns: ChainNamespace): void {
  activateFamily(latch, ns)
  latch.dispatch(routerPushed({ view: { name: 'Connect' } }))
}
