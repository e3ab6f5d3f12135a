// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IEntryPoint} from "@openzeppelin/contracts/interfaces/IERC4337.sol";
import {PaymasterSigner} from "@openzeppelin/contracts/account/paymaster/extensions/PaymasterSigner.sol";
import {ERC4337Utils} from "@openzeppelin/contracts/account/utils/ERC4337Utils.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {SignerECDSA} from "@openzeppelin/contracts/utils/cryptography/signers/SignerECDSA.sol";

/**
 * The devnet's verifying paymaster: it pays for a user operation when the devnet's sponsor
 * service signed it (EIP-712 `UserOperationRequest`, see OpenZeppelin's PaymasterSigner).
 * Composed only of OpenZeppelin Contracts' paymaster and signer; the sole choices made here are
 * the EntryPoint (v0.8, the one the devnet deploys), the domain name and who may withdraw.
 */
contract PorticoPaymaster is PaymasterSigner, SignerECDSA, Ownable {
    constructor(address sponsorSigner, address owner_)
        EIP712("PorticoPaymaster", "1")
        SignerECDSA(sponsorSigner)
        Ownable(owner_)
    {}

    /// The devnet runs EntryPoint v0.8; OpenZeppelin's default is v0.9.
    function entryPoint() public pure override returns (IEntryPoint) {
        return ERC4337Utils.ENTRYPOINT_V08;
    }

    /// Adds to this paymaster's deposit at the EntryPoint (anyone may fund it).
    function deposit() external payable {
        _deposit(msg.value);
    }

    /// Withdraws from the deposit.
    function withdraw(address payable to, uint256 value) external onlyOwner {
        _withdraw(to, value);
    }

    /// Stakes at the EntryPoint (bundlers in safe mode want a staked paymaster).
    function addStake(uint32 unstakeDelaySec) external payable onlyOwner {
        _addStake(msg.value, unstakeDelaySec);
    }

    function unlockStake() external onlyOwner {
        _unlockStake();
    }

    function withdrawStake(address payable to) external onlyOwner {
        _withdrawStake(to);
    }
}
