/**
 * docs/behaviour.md, "Activity": the list's transactions grouped by year, then by month, in the visitor's time zone,
 * newest first. Every transaction lands in exactly one month; transactions of the same instant keep the list's order.
 */
import type { Transaction } from '../../../../plugins/activity/index'

export type MonthGroup = { year: number; /** 0–11 */ month: number; transactions: Transaction[] }
export type YearGroup = { year: number; months: MonthGroup[] }

/** When the transaction was mined, in ms; a date that does not read sorts last (never happens past validation). */
export function minedAt(transaction: Transaction): number {
  const at = Date.parse(transaction.metadata.minedAt)
  return Number.isFinite(at) ? at : Number.NEGATIVE_INFINITY
}

/** Groups by year then month (local time), each newest first. */
export function groupByMonth(transactions: readonly Transaction[]): YearGroup[] {
  const sorted = transactions
    .map((transaction, index) => ({ transaction, index, at: minedAt(transaction) }))
    .sort((a, b) => b.at - a.at || a.index - b.index)
  const years: YearGroup[] = []
  for (const { transaction, at } of sorted) {
    const date = new Date(Number.isFinite(at) ? at : 0)
    const year = date.getFullYear()
    const month = date.getMonth()
    let group = years[years.length - 1]
    if (group?.year !== year) years.push((group = { year, months: [] }))
    let bucket = group.months[group.months.length - 1]
    if (bucket?.month !== month) group.months.push((bucket = { year, month, transactions: [] }))
    bucket.transactions.push(transaction)
  }
  return years
}
