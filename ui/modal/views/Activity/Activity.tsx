import { useEffect, useId, useRef, type ReactNode } from 'react'
import { type LatchErrorData, type State } from '../../../../kernel/index'
import { formatTransferQuantity } from '../../../../kernel/rules/display'
import type { TransactionsState } from '../../../../plugins/activity/index'
import type { Transaction, Transfer } from '../../../../plugins/activity/index'
import { activityCss } from './Activity.css'
import { groupByMonth } from './group'
import { formatAmount, useViewStyles, shallowEqual, shortAddress, useHeld, useLatch, useLatchInstance, useLatchTranslate, ActivityClockIcon, ActivityDirectionIcon as DirectionIcon } from '../kit'

// The view reads the slice and dispatches plain events: importing plugins/activity's modules (that the api entry imports
// too) would cut them into a small chunk shared by two entries (docs/chunks.md).
const sliceOf = (state: State): TransactionsState | undefined => (state as Partial<State>).transactions

/** What the view shows: the EVM account's list (Activity is for EVM accounts only, docs/behaviour.md, "Activity"). */
export function selectActivityView(state: State) {
  const list = sliceOf(state)
  const caipAddress = state.chains.eip155.account.caipAddress
  return {
    caipAddress,
    loading: list?.loading ?? false,
    empty: list?.empty ?? true,
    more: list?.next !== undefined,
    items: list?.items ?? [],
    error: list?.error,
    browser: list?.source === 'browser',
    mine: list !== undefined && list.caipAddress === caipAddress,
  }
}

/** The operation types with a label of their own; any other is shown as 'Transaction'. */
const labelled = { send: 1, receive: 1, approve: 1, mint: 1, trade: 1, execute: 1, deposit: 1, withdraw: 1, burn: 1, cancel: 1 } as const
type Operation = keyof typeof labelled

function operationOf(transaction: Transaction): Operation | undefined {
  const type = transaction.metadata.operationType.toLowerCase()
  return Object.hasOwn(labelled, type) ? (type as Operation) : undefined
}

/**
 * docs/behaviour.md, "Activity": the connected EVM account's transactions, grouped by year then month, newest first. The
 * next page loads when the end of the list scrolls into view, or with 'Load more'.
 */
export default function Activity() {
  const latch = useLatchInstance()
  const t = useLatchTranslate()
  const view = useLatch(selectActivityView, shallowEqual)
  const styles = useViewStyles(activityCss)
  const { caipAddress } = view
  // Asked once per showing of the view and account: not again for StrictMode's second mount (docs/react.md, "StrictMode").
  useHeld(() => {
    latch.dispatch({ type: 'transactions/fetchRequested', payload: caipAddress ? { caipAddress } : {} })
    return () => undefined
  }, [latch, caipAddress])
  const loadMore = () => {
    if (caipAddress && view.more && !view.loading) latch.dispatch({ type: 'transactions/fetchRequested', payload: { caipAddress, more: true } })
  }
  const shown = view.mine ? view.items : []
  let body: ReactNode
  if (view.error?.code === 'TRANSACTIONS_ADDRESS_REQUIRED' || !caipAddress) {
    body = <Notice text={t.error(view.error ?? addressRequired)} />
  } else if (shown.length === 0 && (view.loading || !view.mine)) {
    body = (
      <div className="activity-loading">
        <span className="spinner spin" role="progressbar" aria-label={t('modal.loading')} />
      </div>
    )
  } else if (shown.length === 0) {
    body = view.error ? (
      <Notice text={t.error(view.error)} alert retry={() => latch.dispatch({ type: 'transactions/fetchRequested', payload: { caipAddress } })} />
    ) : (
      <Notice text={t('activity.empty')} />
    )
  } else {
    body = (
      <>
        <Groups items={shown} />
        {view.more ? <More loading={view.loading} onMore={loadMore} /> : null}
      </>
    )
  }
  return (
    <section className="activity" ref={styles} aria-busy={view.loading || undefined}>
      {view.browser && caipAddress ? <p className="activity-note">{t('activity.browserOnly')}</p> : null}
      {body}
    </section>
  )
}

const addressRequired: Pick<LatchErrorData, 'messageId' | 'shortMessage'> = {
  messageId: 'TRANSACTIONS_ADDRESS_REQUIRED',
  shortMessage: "Transactions can't be fetched without an accountAddress",
}

function Notice({ text, alert, retry }: { text: string; alert?: boolean; retry?: () => void }) {
  const t = useLatchTranslate()
  return (
    <div className="activity-empty" role={alert ? 'alert' : undefined}>
      <ActivityClockIcon />
      <p className="subtle">{text}</p>
      {retry ? (
        <button type="button" className="button secondary" onClick={retry}>
          {t('common.retry')}
        </button>
      ) : null}
    </div>
  )
}

/** 'Load more', pressed by itself when it scrolls into view (where the browser can tell). */
function More({ loading, onMore }: { loading: boolean; onMore(): void }) {
  const t = useLatchTranslate()
  const ref = useRef<HTMLButtonElement>(null)
  const latest = useRef(onMore)
  latest.current = onMore
  useEffect(() => {
    const element = ref.current
    const Observer = (globalThis as { IntersectionObserver?: typeof IntersectionObserver }).IntersectionObserver
    if (!element || !Observer) return
    const observer = new Observer((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current()
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return (
    <button ref={ref} type="button" className="button secondary activity-more" aria-disabled={loading || undefined} aria-busy={loading || undefined} onClick={onMore}>
      {loading ? <span className="spinner spin activity-spinner" aria-hidden="true" /> : null}
      {t('activity.loadMore')}
    </button>
  )
}

function Groups({ items }: { items: readonly Transaction[] }) {
  const t = useLatchTranslate()
  const years = groupByMonth(items)
  return (
    <div className="activity-years">
      {years.map((year) => (
        <YearSection key={year.year} year={year.year} locale={t.locale}>
          {year.months.map((month) => (
            <MonthSection key={month.month} year={year.year} month={month.month} locale={t.locale}>
              {month.transactions.map((transaction) => (
                <Row key={transaction.id} transaction={transaction} />
              ))}
            </MonthSection>
          ))}
        </YearSection>
      ))}
    </div>
  )
}

function YearSection({ year, locale, children }: { year: number; locale: string; children: ReactNode }) {
  const id = useId()
  return (
    <section className="activity-year" aria-labelledby={id}>
      <h3 id={id}>{dateText(new Date(year, 0, 1), locale, { year: 'numeric' })}</h3>
      {children}
    </section>
  )
}

function MonthSection({ year, month, locale, children }: { year: number; month: number; locale: string; children: ReactNode }) {
  const id = useId()
  return (
    <section className="activity-month" aria-labelledby={id}>
      <h4 id={id}>{dateText(new Date(year, month, 1), locale, { month: 'long' })}</h4>
      <ul className="activity-list">{children}</ul>
    </section>
  )
}

function dateText(date: Date, locale: string, options: Intl.DateTimeFormatOptions): string {
  try {
    return new Intl.DateTimeFormat(locale, options).format(date)
  } catch {
    return new Intl.DateTimeFormat('en', options).format(date)
  }
}

function Row({ transaction }: { transaction: Transaction }) {
  const t = useLatchTranslate()
  const { metadata, transfers } = transaction
  const operation = operationOf(transaction)
  const first = transfers[0]
  const incoming = first?.direction === 'in' || operation === 'receive'
  // An approval moves nothing: it names the spender it let in, under an icon of its own (not a send's arrow).
  const approval = operation === 'approve' && transfers.length === 0
  const counterparty = incoming ? metadata.sentFrom : metadata.sentTo
  const party = approval ? 'activity.spender' : incoming ? 'activity.from' : 'activity.to'
  const day = dateText(new Date(metadata.minedAt), t.locale, { day: 'numeric', month: 'short' })
  return (
    <li className="activity-row" data-status={metadata.status}>
      <DirectionIcon direction={approval ? 'approve' : swapped(transfers) ? 'swap' : (first?.direction ?? (incoming ? 'in' : 'out'))} />
      <span className="activity-main">
        <span className="activity-title">
          {t(operation ? `activity.op.${operation}` : 'activity.op.other')}
          {metadata.status === 'confirmed' ? null : (
            <span className={`activity-status ${metadata.status}`}>{t(metadata.status === 'pending' ? 'activity.pending' : 'activity.failed')}</span>
          )}
        </span>
        {counterparty ? (
          <span className="activity-sub">{withAddress(t(party, { address: mark }), counterparty)}</span>
        ) : null}
      </span>
      <span className="activity-amounts">
        {transfers.slice(0, 2).map((transfer, index) => (
          <Amount key={index} transfer={transfer} locale={t.locale} />
        ))}
        <time className="activity-day" dateTime={metadata.minedAt}>
          {day}
        </time>
      </span>
    </li>
  )
}

function Amount({ transfer, locale }: { transfer: Transfer; locale: string }) {
  const symbol = transfer.fungible_info?.symbol ?? transfer.nft_info?.name ?? ''
  const sign = transfer.direction === 'in' ? '+' : transfer.direction === 'out' ? '−' : ''
  return (
    // One isolate: the signed amount and its symbol read as one piece of data, in every direction (docs/i18n.md).
    <bdi className={`activity-amount ${transfer.direction}`}>
      {sign}
      {formatAmount(formatTransferQuantity(transfer.quantity.numeric), locale)}
      {symbol ? <span className="activity-symbol"> {symbol}</span> : null}
    </bdi>
  )
}

/** Stands for the address while its sentence is translated (a private-use character no catalogue writes). */
const mark = '\uE000'

/** The translated sentence with the short address in a <bdi>, keeping its own direction (docs/i18n.md, "Right to left"). */
function withAddress(text: string, address: string): ReactNode {
  const at = text.indexOf(mark)
  const short = <bdi title={address}>{shortAddress(address)}</bdi>
  if (at < 0) return <span className="activity-party">{text}</span>
  return (
    <span className="activity-party">
      {text.slice(0, at)}
      {short}
      {text.slice(at + mark.length)}
    </span>
  )
}

/** Value went both ways (a trade): one icon for the pair. */
function swapped(transfers: readonly Transfer[]): boolean {
  return transfers.some((transfer) => transfer.direction === 'in') && transfers.some((transfer) => transfer.direction === 'out')
}
