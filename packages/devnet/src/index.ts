/**
 * `@portico/devnet`: local chains for development and tests, loopback only.
 *
 * - EVM: anvil (chain 31337) loaded from a committed snapshot with two ERC20s.
 * - Solana: a JSON-RPC server over an in-process litesvm, with SOL and an SPL USDC mint.
 * - API: an emulator of the hosted services (directory, analytics, blockchain data API, hosted
 *   JSON-RPC) reading live from both chains, with switchable failure modes.
 * - WalletConnect: a local relay (irn JSON-RPC over a websocket, with a mailbox) and Verify API
 *   that the real sign-client and walletkit SDKs pair and sign through (`startRelay`).
 * - Auth: the embedded wallet's auth server (`@portico/auth` on PGlite) and a local SMTP inbox
 *   whose HTTP API hands tests the latest mail, code and link per address (`startDevnetAuth`).
 * - Social login: six OpenID Connect / OAuth 2 providers on oidc-provider, one per social name,
 *   with test users and a login page (`startSocialProviders`).
 * - Farcaster: an emulator of the Sign In With Farcaster auth relay, a Farcaster app page that
 *   approves with custody keys, and Farcaster's IdRegistry on anvil (`startFarcaster`).
 * - Account abstraction: ERC-4337 EntryPoint v0.8 and smart-account contracts in the chain
 *   state, a real bundler (Pimlico's Alto) and a paymaster service (`startAccountAbstraction`).
 *
 * Everything here is Node-only except the account/token constants, which are also importable
 * from the browser-safe modules they are defined in.
 */
import * as accounts from './accounts.js'

export { type DevnetBundler, type StartBundlerOptions, startBundler } from './aa/bundler.js'
export { devnetAccountAbstraction } from './aa/contracts.js'
export {
  type BundlerCall,
  type BundlerFault,
  type FaultyBundler,
  type StartFaultyBundlerOptions,
  startFaultyBundler,
} from './aa/faultyBundler.js'
export { type DevnetPaymaster, type StartPaymasterOptions, startPaymaster } from './aa/paymaster.js'
export {
  defaultPaymasterPolicy,
  type PaymasterPolicy,
  type PaymasterSponsorship,
  paymasterRefusedCode,
} from './aa/policy.js'
export {
  type DevnetAccountAbstraction,
  type StartAccountAbstractionOptions,
  startAccountAbstraction,
} from './aa/start.js'

export { type AnvilInstance, type StartAnvilOptions, startAnvil } from './anvil.js'
export { AnvilNotFoundError, anvilPackageFor } from './anvilBinary.js'
export { fixturePrices } from './api/chain.js'
export type { AnalyticsEvent } from './api/context.js'
export { type ConvertQuote, type ConvertToken, type ConvertTransaction, NATIVE_TOKEN_ADDRESS } from './api/convert.js'
export { ONRAMP_PROVIDER_FEE, type OnrampMoney, type OnrampNetwork, type OnrampQuote } from './api/onramp.js'
export { hostedBundlerNames } from './api/routes/bundler.js'
export { allowedOrigins } from './api/routes/directory.js'
export { type ApiEmulator, type StartApiEmulatorOptions, startApiEmulator } from './api/server.js'
export type { NewSession, SessionPermission, SessionStore, StoredSession } from './api/sessions.js'
export { type ApiFeatureId, type ApiSwitches, defaultSwitches, type HostedFault } from './api/switches.js'
export {
  type DirectoryWallet,
  devnetLinklessWalletEntry,
  devnetLinklessWalletId,
  devnetWebWalletEntry,
  devnetWebWalletId,
  directoryWallets,
  hostileImageIds,
  hostileWalletIds,
} from './api/wallets.js'
export { devnetDex, devnetPools } from './dex.js'
export { devnetTokenAbi, uniswapV2FactoryAbi, uniswapV2PairAbi, uniswapV2RouterAbi } from './dexAbi.js'
export { slowReplyDelayMs } from './emulator/faults.js'
export {
  type FarcasterTestUser,
  farcasterIdRegistry,
  farcasterIdRegistryAbi,
  farcasterKeyRegistry,
  farcasterTestUsers,
} from './farcaster/registry.js'
export type { FarcasterChannelStatus, FarcasterSignatureParams } from './farcaster/relay.js'
export { type DevnetFarcaster, type StartFarcasterOptions, startFarcaster } from './farcaster/server.js'
export { type DevnetAuth, devnetAuthProjects, type StartDevnetAuthOptions, startDevnetAuth } from './mail/auth.js'
export {
  extractCodeAndLink,
  type InboxMail,
  type MailInbox,
  type StartMailInboxOptions,
  startMailInbox,
} from './mail/inbox.js'
export { type DevnetCollection, type DevnetNft, devnetCollections } from './nfts/collectibles.js'
export { authSocialConfig } from './oidc/authConfig.js'
export {
  devnetSocialClient,
  type SocialProviderName,
  type SocialTestUser,
  type SocialUsernameSource,
  socialProviderNames,
  socialTestPassword,
  socialTestUsers,
} from './oidc/providers.js'
export {
  type DevnetSocialProvider,
  type SocialAuthorizationError,
  type SocialProviders,
  type StartSocialProvidersOptions,
  startSocialProviders,
} from './oidc/server.js'
export {
  type OnrampProvider,
  type OnrampPurchase,
  onrampTestCards,
  type StartOnrampProviderOptions,
  startOnrampProvider,
} from './onramp/provider.js'
export {
  type DevnetRpcEndpoint,
  type RpcEndpointFault,
  type RpcEndpointSwitches,
  type StartRpcEndpointOptions,
  startRpcEndpoint,
} from './rpc/endpoint.js'
export { type SolanaRpcServer, type StartSolanaRpcOptions, startSolanaRpc } from './solana/server.js'
export {
  type Devnet,
  type DevnetApi,
  type DevnetEvmToken,
  type DevnetFor,
  type DevnetOnramp,
  type DevnetService,
  type DevnetSocial,
  type DevnetSolanaToken,
  type DevnetWalletConnect,
  type DevnetWithout,
  type DevnetWithoutApi,
  type StartDevnetOptions,
  startDevnet,
} from './startDevnet.js'
export { evmTokens, solanaInitialLamports, solanaTokens } from './tokens.js'
export { type DevnetNamespace, devnetChainIds, devnetKeys, devnetNamespaces } from './wallet/keys.js'
export {
  buildWebWalletBundle,
  type StartWebWalletOptions,
  startWebWallet,
  type WebWallet,
} from './wallet/server.js'
export {
  answerDevnetRequest,
  DevnetWalletError,
  devnetEvents,
  devnetMethods,
  NOT_ON_DEVNET_CODE,
} from './wallet/signers.js'
export {
  type DevnetSmartAccountOptions,
  type DevnetSmartWallet,
  devnetSmartAccount,
  devnetSmartWallet,
} from './wallet/smartAccount.js'
export {
  type CosmosStdSignature,
  type DevnetSignatureClaim,
  ss58Decode,
  verifyBip122Message,
  verifyCosmosAmino,
  verifyCosmosDirect,
  verifyDevnetSignature,
  verifyEip155Message,
  verifyEip155TypedData,
  verifyPolkadotMessage,
  verifyPolkadotPayload,
  verifySolanaMessage,
  verifySolanaTransaction,
} from './wallet/verify.js'
export {
  createDevnetWallet,
  createMemoryStorage,
  type DevnetWallet,
  type DevnetWalletAccount,
  type DevnetWalletEvent,
  type DevnetWalletMode,
  type DevnetWalletOptions,
  type DevnetWalletResponse,
  type DevnetWalletStorage,
  type PendingProposal,
  type PendingRequest,
} from './wallet/wallet.js'
export {
  type RelayStats,
  type RelaySwitches,
  type StartRelayOptions,
  startRelay,
  type WalletConnectRelay,
} from './walletconnect/relay.js'
export { type VerifyPublicKey, verifyPublicKeyStorageKey } from './walletconnect/verify.js'

// accounts.ts is shared, value-frozen data; the public docs (with examples) live here instead.

/**
 * Funded EVM accounts #0–#4 of the anvil test mnemonic (10,000 ETH each, plus the devnet ERC20s).
 * Public keys: never use them outside a local chain.
 *
 * @example
 * ```ts
 * import { evmAccounts } from '@portico/devnet'
 * import { privateKeyToAccount } from 'viem/accounts'
 *
 * const account = privateKeyToAccount(evmAccounts[0].privateKey)
 * ```
 */
export const evmAccounts = accounts.evmAccounts

/**
 * Funded Solana accounts (1,000 SOL and 5,000 devnet USDC each). `seed` is the 32-byte ed25519
 * secret in hex.
 *
 * @example
 * ```ts
 * import { solanaAccounts } from '@portico/devnet'
 * import { createKeyPairSignerFromPrivateKeyBytes } from '@solana/kit'
 *
 * const signer = await createKeyPairSignerFromPrivateKeyBytes(Buffer.from(solanaAccounts[0].seed, 'hex'))
 * ```
 */
export const solanaAccounts = accounts.solanaAccounts

/**
 * Chain id of the devnet EVM chain.
 *
 * @example
 * ```ts
 * import { evmChainId } from '@portico/devnet'
 * import { defineChain } from 'viem'
 *
 * const devnet = defineChain({ id: evmChainId, name: 'Portico devnet', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } })
 * ```
 */
export const evmChainId = accounts.evmChainId

/**
 * Genesis hash reported by the devnet Solana RPC (`getGenesisHash`).
 *
 * @example
 * ```ts
 * import { solanaGenesisHash } from '@portico/devnet'
 *
 * const isDevnet = (await rpc.getGenesisHash().send()) === solanaGenesisHash
 * ```
 */
export const solanaGenesisHash = accounts.solanaGenesisHash

/**
 * CAIP-2 id of the devnet Solana chain (`solana:` + first 32 characters of the genesis hash).
 *
 * @example
 * ```ts
 * import { solanaCaipNetworkId } from '@portico/devnet'
 *
 * const networks = [{ id: solanaCaipNetworkId, rpcUrl: devnet.solana.rpcUrl }]
 * ```
 */
export const solanaCaipNetworkId = accounts.solanaCaipNetworkId

/**
 * CAIP-2 ids of the chains the devnet WalletConnect wallet signs on without a local node
 * (polkadot, bip122 regtest, cosmos), and of the anvil chain.
 *
 * @example
 * ```ts
 * import { polkadotCaipNetworkId } from '@portico/devnet'
 *
 * const westend = polkadotNetwork({ genesisHash: polkadotCaipNetworkId.split(':')[1], name: 'Polkadot (devnet keys)', nativeCurrency })
 * ```
 */
export const polkadotCaipNetworkId = accounts.polkadotCaipNetworkId
/** @see polkadotCaipNetworkId @example `bip122Network({ genesisHash: bip122CaipNetworkId.split(':')[1], … })` */
export const bip122CaipNetworkId = accounts.bip122CaipNetworkId
/** @see polkadotCaipNetworkId @example `cosmosNetwork({ chainId: cosmosCaipNetworkId.split(':')[1], … })` */
export const cosmosCaipNetworkId = accounts.cosmosCaipNetworkId
/** @see polkadotCaipNetworkId @example `evmCaipNetworkId // 'eip155:31337'` */
export const evmCaipNetworkId = accounts.evmCaipNetworkId
