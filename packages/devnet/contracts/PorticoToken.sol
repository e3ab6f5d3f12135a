// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title PorticoToken
/// @notice Devnet-only ERC20. OpenZeppelin 5 ships no deployable preset, so this is the smallest
/// concrete ERC20 that lets the devnet state carry tokens with arbitrary decimals, pre-funded
/// for every test account in the constructor (one transaction per token, no follow-up mints).
contract PorticoToken is ERC20 {
    uint8 private immutable _decimals;

    constructor(
        string memory name_,
        string memory symbol_,
        uint8 decimals_,
        address[] memory holders,
        uint256 amountEach
    ) ERC20(name_, symbol_) {
        _decimals = decimals_;
        for (uint256 i = 0; i < holders.length; i++) {
            _mint(holders[i], amountEach);
        }
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }
}
