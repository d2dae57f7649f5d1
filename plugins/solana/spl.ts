/**
 * SPL token sends (docs/solana.md, "Sending tokens"), without @solana/web3.js: the associated token accounts found as
 * program-derived addresses (sha256, and an ed25519 off-curve check), a transaction of the Associated Token Account
 * program's `CreateIdempotent` for the recipient then the token program's `TransferChecked`, signed and sent by the
 * wallet. Loaded with a dynamic import on the first token send; what it needs of the session (RPC, blockhash, signing)
 * is handed in, so its chunk holds its own code only.
 */
import { sha256 } from '@noble/hashes/sha2.js'
import * as z from 'zod/mini'
import { LatchError } from '../../kernel/index'
import { isSolanaAddress } from '../../kernel/rules/solana-address'
import { decodeBase58, encodeBase58 } from '../../kernel/rules/base58'
import { fixedList } from '../../kernel/family/wallet-intents'
import { fromBase64 } from '../../kernel/rules/base64'
import { tokenPrograms } from './shared'

/** The Associated Token Account program. */
export const associatedTokenProgram = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'

/** What `sendTransaction` carries for a token: checked here, at the plugin's boundary. */
const tokenSchema = z.object({
  mint: z.string().check(z.refine(isSolanaAddress, 'a Solana address')),
  decimals: z.number().check(z.int(), z.gte(0), z.lte(255)),
  program: z.optional(z.enum(tokenPrograms)),
})

const p = 2n ** 255n - 19n
/** Edwards25519's d: -121665 / 121666 mod p. */
const d = 37095705934669439343138083508754565189542113879843219016388785533085940283555n

function powMod(base: bigint, exponent: bigint): bigint {
  let result = 1n
  let b = base % p
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % p
    b = (b * b) % p
  }
  return result
}

/**
 * True when 32 bytes are the compressed form of a point on ed25519 (as Solana's `is_on_curve` decides): y (the low 255
 * bits) has an x with x² = (y² - 1) / (d·y² + 1), that is when (y² - 1)(d·y² + 1) is a square mod p, or zero.
 */
export function isOnCurve(bytes: Uint8Array): boolean {
  let y = 0n
  for (let i = 31; i >= 0; i--) y = (y << 8n) | BigInt(bytes[i] ?? 0)
  y = (y & ((1n << 255n) - 1n)) % p
  const y2 = (y * y) % p
  const w = (((y2 - 1n + p) % p) * ((d * y2 + 1n) % p)) % p
  return w === 0n || powMod(w, (p - 1n) / 2n) === 1n
}

/** `findProgramAddress`: the first of bumps 255 down to 0 whose sha256(seeds, bump, program, "ProgramDerivedAddress") is off the curve. */
export function findProgramAddress(seeds: readonly Uint8Array[], program: Uint8Array): Uint8Array {
  const marker = new TextEncoder().encode('ProgramDerivedAddress')
  for (let bump = 255; bump >= 0; bump--) {
    const hash = sha256(Uint8Array.from([...seeds.flatMap((seed) => [...seed]), bump, ...program, ...marker]))
    if (!isOnCurve(hash)) return hash
  }
  throw new LatchError('UNKNOWN', { details: 'no program address for these seeds' })
}

/** The associated token account of `owner` for `mint` under the token `program`. */
export function associatedTokenAddress(owner: Uint8Array, mint: Uint8Array, program: Uint8Array): Uint8Array {
  return findProgramAddress([owner, program, mint], key(associatedTokenProgram))
}

const key = (address: string) => decodeBase58(address) as Uint8Array
const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')

/** The compact-u16 encoding of `value` (0 to 65535), as ./wire writes it. */
function compactU16(value: number): number[] {
  return value < 0x80 ? [value] : value < 0x4000 ? [(value & 0x7f) | 0x80, value >> 7] : [(value & 0x7f) | 0x80, ((value >> 7) & 0x7f) | 0x80, value >> 14]
}

type Meta = { key: Uint8Array; signer?: boolean; writable?: boolean }
type Instruction = { program: Uint8Array; accounts: Meta[]; data: number[] }

/**
 * A legacy transaction of `instructions` paid by `payer`, with its one empty signature slot: each account once, the
 * payer first, then writable before read-only, signers before the rest (the order Solana's message header counts).
 */
export function buildTransaction(payer: Uint8Array, instructions: readonly Instruction[], recentBlockhash: Uint8Array): Uint8Array {
  const accounts = new Map<string, Required<Meta>>([[hex(payer), { key: payer, signer: true, writable: true }]])
  for (const meta of instructions.flatMap((instruction) => [...instruction.accounts, { key: instruction.program }])) {
    const seen = accounts.get(hex(meta.key))
    accounts.set(hex(meta.key), { key: meta.key, signer: !!(seen?.signer || meta.signer), writable: !!(seen?.writable || meta.writable) })
  }
  const rank = (meta: Required<Meta>) => (meta.signer ? 0 : 2) + (meta.writable ? 0 : 1)
  // A stable sort keeps the payer first among the writable signers.
  const keys = [...accounts.values()].sort((a, b) => rank(a) - rank(b))
  const index = (k: Uint8Array) => keys.findIndex((meta) => hex(meta.key) === hex(k))
  const signers = keys.filter((meta) => meta.signer)
  if (signers.length !== 1) throw new LatchError('INVALID_PARAMS', { details: 'a token transfer is signed by its payer alone' })
  const message = [
    1,
    0,
    keys.filter((meta) => !meta.signer && !meta.writable).length,
    ...compactU16(keys.length),
    ...keys.flatMap((meta) => [...meta.key]),
    ...recentBlockhash,
    ...compactU16(instructions.length),
    ...instructions.flatMap((instruction) => [
      index(instruction.program),
      ...compactU16(instruction.accounts.length),
      ...instruction.accounts.map((meta) => index(meta.key)),
      ...compactU16(instruction.data.length),
      ...instruction.data,
    ]),
  ]
  return Uint8Array.from([...compactU16(1), ...new Uint8Array(64), ...message])
}

/**
 * The two instructions of a token send: the Associated Token Account program's `CreateIdempotent` (1) of the recipient's
 * account, a no-op when it exists, then the token program's `TransferChecked` (12) of `amount` from `source`.
 */
export function tokenTransferInstructions(a: { owner: Uint8Array; source: Uint8Array; recipient: Uint8Array; destination: Uint8Array; mint: Uint8Array; program: Uint8Array; amount: bigint; decimals: number }): Instruction[] {
  const data = new Uint8Array(10)
  data[0] = 12
  new DataView(data.buffer).setBigUint64(1, a.amount, true)
  data[9] = a.decimals
  return [
    {
      program: key(associatedTokenProgram),
      accounts: [{ key: a.owner, signer: true, writable: true }, { key: a.destination, writable: true }, { key: a.recipient }, { key: a.mint }, { key: new Uint8Array(32) }, { key: a.program }],
      data: [1],
    },
    { program: a.program, accounts: [{ key: a.source, writable: true }, { key: a.mint }, { key: a.destination, writable: true }, { key: a.owner, signer: true }], data: [...data] },
  ]
}

const accountsSchema = z.object({ value: z.array(z.nullable(z.object({ owner: z.string(), data: fixedList<[string, 'base64']>([z.string(), z.literal('base64')]) }))) })

/** What a token send needs of the session: an RPC read, the latest blockhash, and the wallet to sign and send. */
export type SplSession = { read(method: string, params: unknown[]): Promise<unknown>; blockhash(): Promise<Uint8Array>; send(transaction: Uint8Array): Promise<string> }

/**
 * Sends `amount` base units of `token` from `owner`'s associated token account to `to`'s (docs/solana.md, "Sending
 * tokens"). Before the wallet is asked: `to` must be an address (`INVALID_ADDRESS`); the mint must belong to the Token or
 * Token-2022 program (the `program` given, if any) and have `decimals`; the sender's account must hold `amount`
 * (`INVALID_PARAMS` otherwise). The transaction's signature in base58.
 */
export async function tokenTransferWith(session: SplSession, owner: Uint8Array, to: string, amount: bigint, token: unknown): Promise<string> {
  const recipient = decodeBase58(to)
  if (recipient?.length !== 32) throw new LatchError('INVALID_ADDRESS', { details: `not a Solana address: ${to.slice(0, 100)}` })
  const parsed = z.safeParse(tokenSchema, token)
  if (!parsed.success) throw new LatchError('INVALID_PARAMS', { details: `token: ${parsed.error.issues[0]?.message ?? 'invalid'}` })
  const { mint: mintAddress, decimals } = parsed.data
  if (amount <= 0n || amount >= 2n ** 64n) throw new LatchError('INVALID_PARAMS', { details: `a transfer of ${amount} base units` })
  const mint = key(mintAddress)
  // One read: the mint, and the sender's account under each token program (the mint's owner says which is used).
  const sources = tokenPrograms.map((program) => associatedTokenAddress(owner, mint, key(program)))
  const result = await session.read('getMultipleAccounts', [[mintAddress, ...sources.map(encodeBase58)], { encoding: 'base64', commitment: 'confirmed' }])
  const accounts = z.safeParse(accountsSchema, result)
  if (!accounts.success || accounts.data.value.length !== 3) throw new LatchError('INVALID_RESPONSE', { details: 'getMultipleAccounts: not a list of 3 accounts' })
  const [mintAccount, ...held] = accounts.data.value
  const at = tokenPrograms.indexOf(mintAccount?.owner as (typeof tokenPrograms)[number])
  const mintData = fromBase64(mintAccount?.data[0])
  if (at < 0 || !mintData || mintData.length < 82) throw new LatchError('INVALID_PARAMS', { details: `${mintAddress} is not a mint of the Token or Token-2022 program` })
  const program = tokenPrograms[at] as string
  if (parsed.data.program && parsed.data.program !== program) throw new LatchError('INVALID_PARAMS', { details: `${mintAddress} belongs to ${program}, not ${parsed.data.program}` })
  if (mintData[44] !== decimals) throw new LatchError('INVALID_PARAMS', { details: `${mintAddress} has ${mintData[44]} decimals, not ${decimals}` })
  const sourceData = fromBase64(held[at]?.data[0])
  const balance = sourceData && sourceData.length >= 72 && held[at]?.owner === program ? new DataView(sourceData.buffer, sourceData.byteOffset).getBigUint64(64, true) : 0n
  if (balance < amount) throw new LatchError('INVALID_PARAMS', { details: `the sender's token account holds ${balance} base units of ${mintAddress}, less than ${amount}` })
  const programKey = key(program)
  const instructions = tokenTransferInstructions({ owner, source: sources[at] as Uint8Array, recipient, destination: associatedTokenAddress(recipient, mint, programKey), mint, program: programKey, amount, decimals })
  return session.send(buildTransaction(owner, instructions, await session.blockhash()))
}
