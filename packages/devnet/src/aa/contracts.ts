/**
 * The devnet's ERC-4337 deployment on anvil. Plain constants (browser-safe).
 *
 * The embedded wallet's smart account is `PorticoAccount` (Solady's ERC4337, compiled in
 * `scripts/build-aa.ts`), deployed by its factory through the same proxy with the zero salt.
 *
 * EntryPoint v0.8, SimpleAccountFactory and Simple7702Account are the unmodified artifacts of
 * `@account-abstraction/contracts` 0.8.0, deployed through the deterministic deployment proxy
 * with the salts their authors used, so they sit at the same addresses as on public chains and
 * viem's defaults (`entryPoint08Address`, `toSimple7702SmartAccount`'s implementation) point at
 * them unchanged. The paymaster is OpenZeppelin Contracts' `PaymasterSigner` with an ECDSA
 * signer (`contracts/PorticoPaymaster.sol`). `scripts/build-state.ts` checks every address.
 *
 * Roles are anvil accounts #5 to #8 of the test mnemonic (outside `evmAccounts`, so the funded
 * test accounts keep their balances and nonces): their keys are public, local use only.
 */

/** Arachnid's deterministic deployment proxy, present in every anvil genesis. */
export const deterministicDeployer = '0x4e59b44847b379578588920cA78FbF26c0B4956C' as const

/**
 * Addresses and keys of the devnet's account-abstraction stack.
 *
 * @example
 * ```ts
 * import { devnetAccountAbstraction } from '@portico/devnet'
 * import { toSimpleSmartAccount } from 'permissionless/accounts'
 *
 * const account = await toSimpleSmartAccount({
 *   client,
 *   owner,
 *   entryPoint: { address: devnetAccountAbstraction.entryPoint, version: '0.8' },
 *   factoryAddress: devnetAccountAbstraction.simpleAccountFactory,
 * })
 * ```
 */
export const devnetAccountAbstraction = {
  /** ERC-4337 EntryPoint v0.8 (its canonical address). */
  entryPoint: '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108',
  entryPointVersion: '0.8',
  /** eth-infinitism's SimpleAccountFactory for v0.8: `createAccount(owner, salt)` deploys a SimpleAccount. */
  simpleAccountFactory: '0x13E9ed32155810FDbd067D4522C492D6f68E5944',
  /** eth-infinitism's Simple7702Account: the implementation an EOA delegates to with EIP-7702. */
  simple7702Account: '0xe6Cae83BdE06E4c305530e199D7217f42808555B',
  /**
   * The embedded wallet's smart account implementation (`contracts/PorticoAccount.sol`: Solady's
   * ERC4337 on EntryPoint v0.8, which validates signatures by ERC-1271 with ERC-7739).
   */
  porticoAccount: '0x80DBC8109627C16CD26feDdE4e835408049C4708',
  /**
   * Its factory (Solady's ERC4337Factory): `createAccount(owner, salt)` deploys an owner's account,
   * the salt starting with the owner; what viem's `toSoladySmartAccount` takes as `factoryAddress`.
   */
  porticoAccountFactory: '0xF92646A35dA97FE1f6865024F8EC86c6c8402222',
  /** The verifying paymaster (`PorticoPaymaster`): pays when the sponsor signer signed the operation. */
  paymaster: '0xB9eD77585baD3105810678B107d64f4e64DF7951',
  /** Salt of the paymaster's CREATE2 deployment. */
  paymasterSalt: '0x0000000000000000000000000000000000000000000000000000000000000000',
  /** The paymaster's deposit at the EntryPoint in the committed state, in wei (100 ETH). */
  paymasterInitialDeposit: 100n * 10n ** 18n,
  /** anvil account #5: the paymaster service's signing key (`PorticoPaymaster.signer()`). */
  sponsorSigner: {
    address: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
    privateKey: '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
  },
  /** anvil account #6: the bundler's executor (sends `handleOps` and pays its gas). */
  bundlerExecutor: {
    address: '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
    privateKey: '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
  },
  /** anvil account #7: the bundler's utility key (deployed its simulation contracts). */
  bundlerUtility: {
    address: '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
    privateKey: '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356',
  },
  /** anvil account #8: deployed the stack and owns the paymaster (withdraw, stake). */
  operator: {
    address: '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f',
    privateKey: '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97',
  },
} as const
