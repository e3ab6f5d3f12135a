// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/**
 * The read side of Farcaster's IdRegistry that Sign In With Farcaster relies on: which fid a
 * custody address owns (`idOf`, read by `verifySignInMessage`) and which custody address owns a
 * fid (`custodyOf`, read by the auth relay). The devnet installs the runtime code at the
 * IdRegistry's Optimism address with anvil_setCode and writes registrations straight into
 * storage, so the layout below is part of the contract: `idOf` is slot 0, `custodyOf` slot 1.
 */
contract DevnetIdRegistry {
    mapping(address custody => uint256 fid) public idOf;
    mapping(uint256 fid => address custody) public custodyOf;
}

/**
 * The read side of Farcaster's KeyRegistry that `verifySignInMessage` asks first (is the signer
 * an auth address of the fid?). The devnet registers no auth addresses, so every answer is the
 * zero KeyData (state NULL, keyType 0) and verification falls back to the custody address, but
 * the call succeeds as it does on Optimism. `keys` is slot 0.
 */
contract DevnetKeyRegistry {
    struct KeyData {
        uint8 state;
        uint32 keyType;
    }

    mapping(uint256 fid => mapping(bytes key => KeyData data)) internal keys;

    function keyDataOf(uint256 fid, bytes calldata key) external view returns (KeyData memory) {
        return keys[fid][key];
    }
}
