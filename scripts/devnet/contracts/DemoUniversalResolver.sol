// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

interface ENSRegistryView {
    function resolver(bytes32 node) external view returns (address);
}

/**
 * A small universal resolver for the local stack's ENS registry (scripts/devnet/ens.ts). It answers the three
 * calls viem's ENS actions make (findResolver, resolveWithGateways, reverseWithGateways) for names whose
 * resolver is on chain; it never asks a gateway, so the gateway list is ignored. A name resolves only through
 * its own resolver (no wildcard), and a reverse name counts only when it resolves forward to the same address
 * (docs/behaviour.md, "Names").
 */
contract DemoUniversalResolver {
    error DNSDecodingFailed(bytes dns);
    error ResolverNotFound(bytes name);
    error ResolverNotContract(bytes name, address resolver);
    error ResolverError(bytes errorData);
    error ReverseAddressMismatch(string primary, bytes primaryAddress);
    error UnsupportedResolverProfile(bytes4 selector);

    /** namehash('addr.reverse') */
    bytes32 private constant ADDR_REVERSE_NODE = 0x91d1777781884d03a6757a803996e38de2a42967fb37eeaca72729271025a9e2;

    ENSRegistryView public immutable registry;

    constructor(ENSRegistryView registry_) {
        registry = registry_;
    }

    /** The resolver of a DNS-encoded name or of its closest ancestor that has one, the name's node, and where that ancestor starts. */
    function findResolver(bytes calldata name) public view returns (address resolver, bytes32 node, uint256 offset) {
        bytes memory dns = name;
        node = namehashAt(dns, 0);
        while (offset < dns.length && uint8(dns[offset]) != 0) {
            resolver = registry.resolver(namehashAt(dns, offset));
            if (resolver != address(0)) return (resolver, node, offset);
            offset += uint8(dns[offset]) + 1;
        }
        return (address(0), node, offset);
    }

    /** Calls the name's own resolver with `data` and returns its answer. */
    function resolveWithGateways(bytes calldata name, bytes calldata data, string[] calldata) external view returns (bytes memory, address) {
        (address resolver, , uint256 offset) = findResolver(name);
        if (resolver == address(0) || offset != 0) revert ResolverNotFound(name);
        if (resolver.code.length == 0) revert ResolverNotContract(name, resolver);
        (bool ok, bytes memory result) = resolver.staticcall(data);
        if (!ok) revert ResolverError(result);
        return (result, resolver);
    }

    /** The primary name of a 20-byte address (coin type 60), checked forward; empty when it has none. */
    function reverseWithGateways(bytes calldata lookupAddress, uint256 coinType, string[] calldata)
        external
        view
        returns (string memory primary, address resolver, address reverseResolver)
    {
        if (coinType != 60) revert UnsupportedResolverProfile(bytes4(0x691f3431));
        if (lookupAddress.length != 20) revert DNSDecodingFailed(lookupAddress);
        bytes32 reverseNode = keccak256(abi.encodePacked(ADDR_REVERSE_NODE, keccak256(lowerHex(lookupAddress))));
        reverseResolver = registry.resolver(reverseNode);
        if (reverseResolver == address(0)) return ("", address(0), address(0));
        (bool ok, bytes memory answer) = reverseResolver.staticcall(abi.encodeWithSignature("name(bytes32)", reverseNode));
        if (!ok) revert ResolverError(answer);
        primary = abi.decode(answer, (string));
        if (bytes(primary).length == 0) return ("", address(0), reverseResolver);
        bytes32 node = namehashDotted(bytes(primary));
        resolver = registry.resolver(node);
        address forward;
        if (resolver != address(0)) {
            (ok, answer) = resolver.staticcall(abi.encodeWithSignature("addr(bytes32)", node));
            if (ok && answer.length >= 32) forward = abi.decode(answer, (address));
        }
        if (forward != address(bytes20(lookupAddress))) revert ReverseAddressMismatch(primary, abi.encodePacked(forward));
    }

    function namehashAt(bytes memory dns, uint256 offset) private pure returns (bytes32) {
        if (offset >= dns.length) revert DNSDecodingFailed(dns);
        uint256 length = uint8(dns[offset]);
        if (length == 0) return bytes32(0);
        if (offset + 1 + length >= dns.length) revert DNSDecodingFailed(dns);
        bytes32 label;
        assembly {
            label := keccak256(add(add(dns, 33), offset), length)
        }
        return keccak256(abi.encodePacked(namehashAt(dns, offset + 1 + length), label));
    }

    function namehashDotted(bytes memory name) private pure returns (bytes32 node) {
        uint256 end = name.length;
        for (uint256 i = name.length; i > 0; i--) {
            if (name[i - 1] == ".") {
                node = keccak256(abi.encodePacked(node, labelHash(name, i, end)));
                end = i - 1;
            }
        }
        node = keccak256(abi.encodePacked(node, labelHash(name, 0, end)));
    }

    function labelHash(bytes memory name, uint256 start, uint256 end) private pure returns (bytes32 hash) {
        assembly {
            hash := keccak256(add(add(name, 32), start), sub(end, start))
        }
    }

    function lowerHex(bytes calldata data) private pure returns (bytes memory out) {
        bytes16 digits = "0123456789abcdef";
        out = new bytes(data.length * 2);
        for (uint256 i = 0; i < data.length; i++) {
            out[2 * i] = digits[uint8(data[i]) >> 4];
            out[2 * i + 1] = digits[uint8(data[i]) & 15];
        }
    }
}
