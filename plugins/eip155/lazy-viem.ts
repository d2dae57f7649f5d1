// Loaded only through import(): the keccak behind checksums is not part of the first load.
export { getAddress } from 'viem'
