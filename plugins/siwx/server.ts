/**
 * Sign-in checks for a dapp's backend (docs/siwx.md, "Server mode"): write and read the messages, check what they say,
 * and verify their signatures on each family. No browser, no kernel state: plain functions for Node and workers.
 */
export { createNonce, createSiwxMessage, parseSiwxMessage, type SiwxFields } from './message'
export { refuseSignIn, type SiwxExpectation, type SiwxRefusal, type SiwxRefusalReason } from './check'
export { verifyEvmSignIn } from './verify'
export { verifyEd25519, verifySolanaSignIn } from './verify-solana'
export { verifyBitcoinSignature, verifyBitcoinSignIn } from './verify-bitcoin'
export type { SiwxAccount, SiwxSessionInfo, SiwxSignIn } from './types'
