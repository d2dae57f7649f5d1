/**
 * The smart accounts' contracts on the local chains (docs/embedded-frame.md, "Smart accounts"): EntryPoint v0.8 at its
 * canonical address, and LatchAccountFactory and LatchPaymaster deployed by scripts/devnet/account-abstraction.ts
 * through the CREATE2 deployer with salt 0, so their addresses are constants (a devnet test checks them against the
 * committed code). Only the ABI fragments the frame calls are here.
 */

/** EntryPoint v0.8 (ERC-4337), the same on every chain that has it. */
export const entryPoint08Address = '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108' as const
/** LatchAccountFactory (scripts/devnet/contracts/LatchAccount.sol) for EntryPoint v0.8. */
export const latchAccountFactoryAddress = '0xF20Bea904D4B8bdA4dfd8c3dfA3180971275349F' as const
/** LatchPaymaster (scripts/devnet/contracts/LatchPaymaster.sol), whose signer is the local paymaster service. */
export const latchPaymasterAddress = '0x1B9d9cd87639617cc550676A6834a22CdE819c70' as const

/** LatchAccountFactory: the counterfactual address, the user operation's deployment and ERC-6492's. */
export const latchAccountFactoryAbi = [
  {
    type: 'function',
    name: 'getAddress',
    stateMutability: 'view',
    inputs: [{ name: 'owner', type: 'address' }, { name: 'salt', type: 'uint256' }],
    outputs: [{ type: 'address' }],
  },
  {
    type: 'function',
    name: 'createAccount',
    stateMutability: 'nonpayable',
    inputs: [{ name: 'owner', type: 'address' }, { name: 'salt', type: 'uint256' }],
    outputs: [{ type: 'address' }],
  },
  {
    type: 'function',
    name: 'deployAccount',
    stateMutability: 'nonpayable',
    inputs: [{ name: 'owner', type: 'address' }, { name: 'salt', type: 'uint256' }],
    outputs: [{ type: 'address' }],
  },
] as const

/** LatchAccount (SimpleAccount 0.8): one call or a batch. */
export const latchAccountAbi = [
  {
    type: 'function',
    name: 'execute',
    stateMutability: 'nonpayable',
    inputs: [{ name: 'target', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'data', type: 'bytes' }],
    outputs: [],
  },
  {
    type: 'function',
    name: 'executeBatch',
    stateMutability: 'nonpayable',
    inputs: [
      {
        name: 'calls',
        type: 'tuple[]',
        components: [{ name: 'target', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'data', type: 'bytes' }],
      },
    ],
    outputs: [],
  },
] as const

/** EntryPoint v0.8: the account's next nonce (key 0). */
export const entryPoint08Abi = [
  {
    type: 'function',
    name: 'getNonce',
    stateMutability: 'view',
    inputs: [{ name: 'sender', type: 'address' }, { name: 'key', type: 'uint192' }],
    outputs: [{ type: 'uint256' }],
  },
] as const

/** The EIP-712 wrapper LatchAccount checks for ERC-1271 (LatchAccount.sol's messageDigest). */
export const latchAccountMessageTypes = { LatchAccountMessage: [{ name: 'hash', type: 'bytes32' }] } as const

/**
 * The selectors of the functions above: the frame encodes its calls with encodeAbiParameters behind these (viem's ABI
 * item lookup would add about 4 kB to the frame); smart-account.test.ts checks them against the fragments.
 */
export const selectors = {
  getAddress: '0x8cb84e18',
  createAccount: '0x5fbfb9cf',
  deployAccount: '0xfb246c52',
  execute: '0xb61d27f6',
  executeBatch: '0x34fcd5be',
  getNonce: '0x35567e1a',
} as const
