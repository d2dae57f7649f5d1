/** CAIP-2 network ids and CAIP-10 addresses (docs/behaviour.md, "CAIP identifiers"): colon-separated parts, nothing more. */
import { LatchError } from '../engine/errors'
import type { CaipAddress, CaipNetworkId } from '../types'

/** A CAIP-2 network id split into its two parts. */
export type ParsedCaipNetworkId = { namespace: string; reference: string }

/** A CAIP-10 address split into its three parts, plus the CAIP-2 id it belongs to. */
export type ParsedCaipAddress = {
  namespace: string
  reference: string
  address: string
  caipNetworkId: CaipNetworkId
}

/** Splits `value` on ':' when it is a string of exactly `count` non-empty parts; otherwise undefined. */
function splitCaipParts(value: unknown, count: number): string[] | undefined {
  if (typeof value !== 'string') return undefined
  const parts = value.split(':')
  return parts.length === count && parts.every((part) => part.length > 0) ? parts : undefined
}

/** True when `value` is a CAIP-2 network id: exactly 2 colon-separated non-empty parts. Never throws. */
export function isCaipNetworkId(value: unknown): value is CaipNetworkId {
  return splitCaipParts(value, 2) !== undefined
}

/** True when `value` is a CAIP-10 address: exactly 3 colon-separated non-empty parts. Never throws. */
export function isCaipAddress(value: unknown): value is CaipAddress {
  return splitCaipParts(value, 3) !== undefined
}

/** Parses a CAIP-2 network id (`namespace:reference`); throws `LatchError('INVALID_CAIP2')` otherwise. */
export function parseCaipNetworkId(id: string): ParsedCaipNetworkId {
  const parts = splitCaipParts(id, 2)
  const [namespace, reference] = parts ?? []
  if (namespace === undefined || reference === undefined) {
    throw new LatchError('INVALID_CAIP2', { details: `Expected "namespace:reference", got ${describe(id)}` })
  }
  return { namespace, reference }
}

/** Parses a CAIP-10 address (`namespace:reference:address`); throws `LatchError('INVALID_CAIP10')` otherwise. */
export function parseCaipAddress(a: string): ParsedCaipAddress {
  const parts = splitCaipParts(a, 3)
  const [namespace, reference, address] = parts ?? []
  if (namespace === undefined || reference === undefined || address === undefined) {
    throw new LatchError('INVALID_CAIP10', { details: `Expected "namespace:reference:address", got ${describe(a)}` })
  }
  return { namespace, reference, address, caipNetworkId: `${namespace}:${reference}` }
}

/** Joins a CAIP-2 network id and an account address into a CAIP-10 address, validating both. */
export function toCaipAddress(caipNetworkId: string, address: string): CaipAddress {
  const { namespace, reference } = parseCaipNetworkId(caipNetworkId)
  if (typeof address !== 'string' || address.length === 0 || address.includes(':')) {
    throw new LatchError('INVALID_CAIP10', { details: `Invalid account address ${describe(address)}` })
  }
  return `${namespace}:${reference}:${address}`
}

/** A short, safe description of an input for error details. */
function describe(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value.slice(0, 100)) : `a value of type ${typeof value}`
}
