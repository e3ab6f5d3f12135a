// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";

/// @title PorticoToken
/// @notice Devnet-only ERC20. OpenZeppelin 5 ships no deployable preset, so this is the smallest
/// concrete ERC20 that lets the devnet state carry tokens with arbitrary decimals, pre-funded
/// for every test account in the constructor (one transaction per token, no follow-up mints).
/// The minter (the devnet treasury) can mint more: it seeds the DEX pools and the on-ramp
/// emulator's checkout pays out by minting, so a "purchase" is a real balance change.
contract PorticoToken is ERC20 {
    uint8 private immutable _decimals;
    address public immutable minter;

    error NotMinter(address caller);

    constructor(
        string memory name_,
        string memory symbol_,
        uint8 decimals_,
        address[] memory holders,
        uint256 amountEach,
        address minter_
    ) ERC20(name_, symbol_) {
        _decimals = decimals_;
        minter = minter_;
        for (uint256 i = 0; i < holders.length; i++) {
            _mint(holders[i], amountEach);
        }
    }

    function decimals() public view virtual override returns (uint8) {
        return _decimals;
    }

    function mint(address to, uint256 amount) external {
        if (msg.sender != minter) revert NotMinter(msg.sender);
        _mint(to, amount);
    }
}

/// @title PorticoPermitToken
/// @notice PorticoToken plus EIP-2612 `permit` (EIP-712 domain: the token name, version "1"), so
/// swaps on devnet exercise both allowance paths: approve (plain tokens) and a signed permit.
contract PorticoPermitToken is PorticoToken, ERC20Permit {
    constructor(
        string memory name_,
        string memory symbol_,
        uint8 decimals_,
        address[] memory holders,
        uint256 amountEach,
        address minter_
    ) PorticoToken(name_, symbol_, decimals_, holders, amountEach, minter_) ERC20Permit(name_) {}

    // Both bases define decimals (ERC20 through ERC20Permit), so Solidity asks which one wins.
    function decimals() public view override(ERC20, PorticoToken) returns (uint8) {
        return PorticoToken.decimals();
    }
}
