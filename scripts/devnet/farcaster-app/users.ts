/**
 * The local Farcaster app's users (docs/wallet-service.md, "The local Farcaster app"): fids whose custody keys are
 * anvil's well-known development keys (the mnemonic "test test … junk", public), registered in the local ID registry
 * (scripts/devnet/farcaster-registry.ts). Never use these keys for anything real.
 */
import type { Address, Hex } from 'viem'

export type LocalFarcasterUser = { fid: number; username: string; custodyKey: Hex; custody: Address }

export const localFarcasterUsers: readonly LocalFarcasterUser[] = [
  { fid: 1, username: 'alice', custodyKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d', custody: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
  { fid: 2, username: 'bob', custodyKey: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a', custody: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' },
  { fid: 3, username: 'carol', custodyKey: '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6', custody: '0x90F79bf6EB2c4f870365E785982E1f101E93b906' },
]
