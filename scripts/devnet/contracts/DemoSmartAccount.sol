// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/**
 * A contract account for the local stack's sign-in tests (docs/siwx.md, "Verifying a signature"): it accepts, through
 * EIP-1271's isValidSignature, a 65-byte ECDSA signature by its owner of the hash it is asked about.
 */
contract DemoSmartAccount {
    address public immutable owner;

    constructor(address initialOwner) {
        owner = initialOwner;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r;
        bytes32 s;
        uint8 v;
        assembly {
            r := calldataload(signature.offset)
            s := calldataload(add(signature.offset, 32))
            v := byte(0, calldataload(add(signature.offset, 64)))
        }
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }
}

/**
 * Deploys DemoSmartAccounts at addresses known in advance (CREATE2), so a test can sign for an account before it
 * exists: an EIP-6492 signature names this factory and the deploy call.
 */
contract DemoAccountFactory {
    function deploy(address owner, bytes32 salt) external returns (address) {
        return address(new DemoSmartAccount{salt: salt}(owner));
    }

    function addressOf(address owner, bytes32 salt) external view returns (address) {
        bytes32 code = keccak256(abi.encodePacked(type(DemoSmartAccount).creationCode, abi.encode(owner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, code)))));
    }
}
