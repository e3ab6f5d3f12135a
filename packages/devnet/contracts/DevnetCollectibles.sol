// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";

/**
 * The devnet's ERC-721 collections: OpenZeppelin's ERC721 unchanged. The devnet installs the
 * runtime code with anvil_setCode and writes names and owners straight into storage (no mint
 * transaction, so no account's nonce moves and no block is mined), so OpenZeppelin 5's layout is
 * part of the contract: `_name` slot 0, `_symbol` slot 1, `_owners` slot 2, `_balances` slot 3.
 * Holders transfer their tokens with the standard calls.
 */
contract DevnetCollectible721 is ERC721 {
    constructor() ERC721("", "") {}
}

/**
 * The devnet's ERC-1155 collections: OpenZeppelin's ERC1155 unchanged, installed the same way.
 * Layout: `_balances` (id => account => amount) slot 0, `_operatorApprovals` slot 1, `_uri` slot 2.
 */
contract DevnetCollectible1155 is ERC1155 {
    constructor() ERC1155("") {}
}
