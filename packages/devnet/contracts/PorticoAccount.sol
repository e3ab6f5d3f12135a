// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC4337} from "solady/accounts/ERC4337.sol";
import {ERC4337Factory} from "solady/accounts/ERC4337Factory.sol";

/**
 * The embedded wallet's ERC-4337 smart account: Solady's ERC4337 account, unchanged but for the
 * EntryPoint (v0.8, the one the devnet and the bundler run) and its EIP-712 name. Solady's account
 * is chosen over eth-infinitism's SimpleAccount because it validates signatures by ERC-1271
 * (with ERC-7739's nested typed data, which binds a signature to this account), so a message the
 * embedded wallet signs for its smart account verifies, as sign-in needs; and because viem ships
 * its client side (`toSoladySmartAccount`).
 */
contract PorticoAccount is ERC4337 {
    /// EntryPoint v0.8 (Solady's default is v0.7).
    function entryPoint() public pure override returns (address) {
        return 0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108;
    }

    function _domainNameAndVersion() internal pure override returns (string memory, string memory) {
        return ("PorticoAccount", "1");
    }
}

/**
 * Solady's factory (minimal ERC-1967 proxies to one PorticoAccount, at an address fixed by the salt,
 * whose upper 160 bits are the owner, so nobody else can claim an owner's address), with the
 * `createAccount(owner, salt)` shape viem's `toSoladySmartAccount` calls.
 */
contract PorticoAccountFactory is ERC4337Factory {
    error SaltNotOwned();

    constructor(address implementation_) ERC4337Factory(implementation_) {}

    /// Deploys `owner`'s account; `salt` must start with `owner` (Solady's rule for `ownSalt`).
    function createAccount(address owner, bytes32 salt) external payable returns (address) {
        if (address(bytes20(salt)) != owner) revert SaltNotOwned();
        return createAccount(salt);
    }
}
