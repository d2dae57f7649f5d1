/**
 * docs/behaviour.md, "Addresses" "Connection merge": pure verbs over one namespace's list of connections.
 * Invariants kept by every verb: no two accounts of one entry are equal case-insensitively,
 * and no stored entry has an empty account list.
 */
import type { Connection, ConnectionAccount } from '../types'

/** The embedded-wallet connector id used when the caller does not name one. */
export const defaultAuthConnectorId = 'AUTH'

/** Options of `addConnection`. */
export type AddConnectionOptions = { authConnectorId?: string }

/** Case-insensitive address equality (docs/behaviour.md, "Addresses"). */
export function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase()
}

/** Drops accounts whose address repeats case-insensitively; first casing and order win. */
export function dedupeAccounts(accounts: readonly ConnectionAccount[]): readonly ConnectionAccount[] {
  const seen = new Set<string>()
  const result = accounts.filter((account) => {
    const key = account.address.toLowerCase()
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
  return result.length === accounts.length ? accounts : result
}

/**
 * Adds a connection: merges accounts into the entry with the same connectorId (deduplicated
 * case-insensitively, existing first), replaces them for the embedded-wallet connector, or appends.
 */
export function addConnection(
  list: readonly Connection[],
  incoming: Connection,
  opts: AddConnectionOptions = {},
): readonly Connection[] {
  const authConnectorId = opts.authConnectorId ?? defaultAuthConnectorId
  const index = list.findIndex((entry) => entry.connectorId === incoming.connectorId)
  const incomingAccounts = dedupeAccounts(incoming.accounts)

  if (index === -1) {
    if (incomingAccounts.length === 0) return list
    return [...list, withAccounts(incoming, incomingAccounts)]
  }

  const existing = list[index] as Connection
  const accounts =
    incoming.connectorId === authConnectorId
      ? incomingAccounts
      : dedupeAccounts([...existing.accounts, ...incomingAccounts])

  if (accounts.length === 0) return removeAt(list, index)

  const merged: Connection = { ...existing, ...incoming, accounts: sameAccounts(existing.accounts, accounts) ? existing.accounts : accounts }
  if (shallowEqual(existing, merged)) return list
  return list.map((entry, i) => (i === index ? merged : entry))
}

/** Removes one address (case-insensitively) from a connector's entry; drops the entry when it empties. */
export function removeAccount(
  list: readonly Connection[],
  target: { connectorId: string; address: string },
): readonly Connection[] {
  let changed = false
  const result: Connection[] = []
  for (const entry of list) {
    if (entry.connectorId !== target.connectorId) {
      result.push(entry)
      continue
    }
    const accounts = entry.accounts.filter((account) => !sameAddress(account.address, target.address))
    if (accounts.length === entry.accounts.length) {
      result.push(entry)
      continue
    }
    changed = true
    if (accounts.length > 0) result.push({ ...entry, accounts })
  }
  return changed ? result : list
}

/** Removes every entry of a connector. */
export function removeConnection(list: readonly Connection[], connectorId: string): readonly Connection[] {
  const result = list.filter((entry) => entry.connectorId !== connectorId)
  return result.length === list.length ? list : result
}

function withAccounts(connection: Connection, accounts: readonly ConnectionAccount[]): Connection {
  return accounts === connection.accounts ? connection : { ...connection, accounts }
}

function removeAt<T>(list: readonly T[], index: number): readonly T[] {
  return list.filter((_, i) => i !== index)
}

function sameAccounts(a: readonly ConnectionAccount[], b: readonly ConnectionAccount[]): boolean {
  return a.length === b.length && a.every((account, i) => shallowEqual(account, b[i]))
}

function shallowEqual(a: object, b: object | undefined): boolean {
  if (a === b) return true
  if (b === undefined) return false
  const aKeys = Object.keys(a) as (keyof typeof a)[]
  const bKeys = Object.keys(b) as (keyof typeof b)[]
  return aKeys.length === bKeys.length && aKeys.every((key) => Object.is(a[key], b[key]))
}
