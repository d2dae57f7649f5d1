// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
import "@openzeppelin/contracts/utils/Create2.sol";
import "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import "@account-abstraction/contracts/accounts/SimpleAccount.sol";
import "@account-abstraction/contracts/interfaces/ISenderCreator.sol";

/**
 * The embedded wallet's smart account (docs/embedded-frame.md, "Smart accounts"): SimpleAccount 0.8 (user operations
 * signed raw over the v0.8 userOpHash by its owner) plus ERC-1271. A signature of `hash` is valid when the owner signed,
 * raw, the EIP-712 digest of `LatchAccountMessage(bytes32 hash)` under the domain
 * `{ name: 'LatchAccount', version: '1', chainId, verifyingContract: this account }`: the wrapper binds the signature to
 * this account and chain, so one owner's signature for one account cannot be replayed for another.
 */
contract LatchAccount is SimpleAccount {
    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant MESSAGE_TYPEHASH = keccak256("LatchAccountMessage(bytes32 hash)");

    constructor(IEntryPoint anEntryPoint) SimpleAccount(anEntryPoint) {}

    /** The EIP-712 digest the owner signs for the account's ERC-1271 signature of `hash`. */
    function messageDigest(bytes32 hash) public view returns (bytes32) {
        bytes32 domain = keccak256(
            abi.encode(DOMAIN_TYPEHASH, keccak256("LatchAccount"), keccak256("1"), block.chainid, address(this))
        );
        return keccak256(abi.encodePacked("\x19\x01", domain, keccak256(abi.encode(MESSAGE_TYPEHASH, hash))));
    }

    /** ERC-1271: 0x1626ba7e when the owner signed messageDigest(hash), else 0xffffffff (never reverts on a bad signature). */
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        (address signer, ECDSA.RecoverError error, ) = ECDSA.tryRecover(messageDigest(hash), signature);
        if (error == ECDSA.RecoverError.NoError && signer == owner && signer != address(0)) return 0x1626ba7e;
        return 0xffffffff;
    }
}

/**
 * Deploys LatchAccounts as SimpleAccountFactory 0.8 does: an ERC1967Proxy of one implementation per owner and salt, at
 * an address known in advance (getAddress), created for a user operation only through the EntryPoint's SenderCreator
 * (createAccount, a user operation's initCode), and answering the existing account when it is already there.
 * deployAccount makes the same account for anyone: it is the factory call of an ERC-6492 signature, which a verifier
 * runs from its own address before the account exists (the address commits to the owner, so deploying it early only
 * spends the caller's gas).
 */
contract LatchAccountFactory {
    LatchAccount public immutable accountImplementation;
    ISenderCreator public immutable senderCreator;

    constructor(IEntryPoint anEntryPoint) {
        accountImplementation = new LatchAccount(anEntryPoint);
        senderCreator = anEntryPoint.senderCreator();
    }

    function createAccount(address owner, uint256 salt) public returns (LatchAccount) {
        require(msg.sender == address(senderCreator), "only callable from SenderCreator");
        return _deploy(owner, salt);
    }

    function deployAccount(address owner, uint256 salt) public returns (LatchAccount) {
        return _deploy(owner, salt);
    }

    function getAddress(address owner, uint256 salt) public view returns (address) {
        bytes memory init = abi.encodeCall(SimpleAccount.initialize, (owner));
        bytes32 codeHash = keccak256(
            abi.encodePacked(type(ERC1967Proxy).creationCode, abi.encode(address(accountImplementation), init))
        );
        return Create2.computeAddress(bytes32(salt), codeHash);
    }

    function _deploy(address owner, uint256 salt) private returns (LatchAccount) {
        address addr = getAddress(owner, salt);
        if (addr.code.length > 0) return LatchAccount(payable(addr));
        return LatchAccount(
            payable(
                new ERC1967Proxy{salt: bytes32(salt)}(
                    address(accountImplementation),
                    abi.encodeCall(SimpleAccount.initialize, (owner))
                )
            )
        );
    }
}
