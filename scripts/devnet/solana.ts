/**
 * The Solana part of the local stack: the local SVM (svm.ts), the dev wallet's account funded with SOL and a demo
 * SPL token, and the Solana dev wallet's browser script for it.
 */
import { decodeBase58, encodeBase58 } from '../../kernel/rules/base58'
import { associatedTokenAddress } from '../../plugins/solana/spl'
import { buildSolanaDevWallet } from './solana-dev-wallet/build'
import { addressOfSeed, solanaDevSeed } from './solana-dev-wallet/config'
import { startSvm, tokenProgramId, type Svm } from './svm'

/** What the dev wallet's account holds at start. */
export const solanaDevFunds = { lamports: 1_000_000_000_000n, demoToken: { symbol: 'LDUSD', name: 'Latch Demo Dollar', decimals: 6, amount: 1_234_500_000n } } as const

/** A running Solana stack. */
export type SolanaStack = {
  /** JSON-RPC and websocket URLs of the local SVM. */
  url: string
  wsUrl: string
  svm: Svm
  /** The Solana dev wallet's address (funded). */
  address: string
  /** The demo SPL token's mint (the dev wallet holds some). */
  mint: string
  /** The Solana dev wallet's browser script. */
  devWalletJs: string
  stop(): Promise<void>
}

export async function startSolanaStack(): Promise<SolanaStack> {
  const svm = await startSvm()
  try {
    const address = addressOfSeed(solanaDevSeed)
    svm.airdrop(address, solanaDevFunds.lamports)
    const mint = svm.createMint(solanaDevFunds.demoToken.decimals)
    // In the account's associated token account, where wallets (and Latch's Send) look for it.
    const account = encodeBase58(associatedTokenAddress(decodeBase58(address) as Uint8Array, decodeBase58(mint) as Uint8Array, decodeBase58(tokenProgramId) as Uint8Array))
    svm.mintTo(mint, address, solanaDevFunds.demoToken.amount, account)
    const devWalletJs = await buildSolanaDevWallet({ rpcUrl: svm.url, chain: 'solana:localnet', seed: solanaDevSeed })
    return { url: svm.url, wsUrl: svm.wsUrl, svm, address, mint, devWalletJs, stop: svm.stop }
  } catch (error) {
    await svm.stop()
    throw error
  }
}
