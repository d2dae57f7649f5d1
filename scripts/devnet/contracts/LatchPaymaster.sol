// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import "@account-abstraction/contracts/core/BasePaymaster.sol";
import "@account-abstraction/contracts/core/Helpers.sol";
import "@account-abstraction/contracts/core/UserOperationLib.sol";

/**
 * A verifying paymaster (docs/wallet-service.md, "Bundler and paymaster"): it pays for a user operation its signer (the
 * paymaster service) signed. paymasterAndData is
 *   paymaster (20) | paymasterVerificationGasLimit (16) | paymasterPostOpGasLimit (16) | validUntil (6) | validAfter (6) | signature (65)
 * and the signature is raw ECDSA over getHash(userOp, validUntil, validAfter): every field of the operation but its
 * signature, with the chain id and this paymaster's address. A bad signature fails validation (never reverts), so a
 * bundler can estimate gas with the service's stub.
 */
contract LatchPaymaster is BasePaymaster {
    using UserOperationLib for PackedUserOperation;

    address public immutable verifyingSigner;

    uint256 private constant VALID_TIMESTAMP_OFFSET = PAYMASTER_DATA_OFFSET;
    uint256 private constant SIGNATURE_OFFSET = VALID_TIMESTAMP_OFFSET + 12;

    constructor(IEntryPoint anEntryPoint, address signer) BasePaymaster(anEntryPoint) {
        verifyingSigner = signer;
    }

    /** The hash the signer signs for `userOp` (its paymasterAndData's signature aside) valid from validAfter to validUntil. */
    function getHash(PackedUserOperation calldata userOp, uint48 validUntil, uint48 validAfter) public view returns (bytes32) {
        bytes calldata pmd = userOp.paymasterAndData;
        return keccak256(
            abi.encode(
                userOp.sender,
                userOp.nonce,
                keccak256(userOp.initCode),
                keccak256(userOp.callData),
                userOp.accountGasLimits,
                uint256(bytes32(pmd[PAYMASTER_VALIDATION_GAS_OFFSET:PAYMASTER_DATA_OFFSET])),
                userOp.preVerificationGas,
                userOp.gasFees,
                block.chainid,
                address(this),
                validUntil,
                validAfter
            )
        );
    }

    function _validatePaymasterUserOp(PackedUserOperation calldata userOp, bytes32, uint256)
        internal
        view
        override
        returns (bytes memory context, uint256 validationData)
    {
        bytes calldata pmd = userOp.paymasterAndData;
        require(pmd.length == SIGNATURE_OFFSET + 65, "LatchPaymaster: bad paymasterAndData length");
        uint48 validUntil = uint48(bytes6(pmd[VALID_TIMESTAMP_OFFSET:VALID_TIMESTAMP_OFFSET + 6]));
        uint48 validAfter = uint48(bytes6(pmd[VALID_TIMESTAMP_OFFSET + 6:SIGNATURE_OFFSET]));
        (address signer, ECDSA.RecoverError error, ) = ECDSA.tryRecover(getHash(userOp, validUntil, validAfter), pmd[SIGNATURE_OFFSET:]);
        bool failed = error != ECDSA.RecoverError.NoError || signer != verifyingSigner;
        return ("", _packValidationData(failed, validUntil, validAfter));
    }
}
