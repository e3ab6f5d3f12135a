// @portico/headless/testing: wallets for hosts' own tests and for the demo's "Devnet Wallet".
// They speak the real protocols (EIP-1193 + EIP-6963, Wallet Standard) and sign with real keys.

export {
  type CreateTestBitcoinWalletParameters,
  type CreateTestBitcoinWalletReturnType,
  createTestBitcoinWallet,
  type TestBitcoinWalletFeatures,
  type TestBitcoinWalletPrompt,
} from '../testing/bitcoinWallet.js'
export { devnetWalletIcon } from '../testing/devnetWalletIcon.js'
export {
  type CreateTestEip1193WalletErrorType,
  type CreateTestEip1193WalletParameters,
  type CreateTestEip1193WalletReturnType,
  createTestEip1193Wallet,
  type TestEip1193Provider,
  type TestEip1193SmartAccount,
  type TestEip1193WalletChain,
  type TestEip1193WalletRequest,
} from '../testing/eip1193Wallet.js'
export type { TestWalletEventTarget } from '../testing/eventTarget.js'
export {
  type CreateTestKeplrWalletParameters,
  type CreateTestKeplrWalletReturnType,
  createTestKeplrWallet,
  type TestKeplrWalletPrompt,
} from '../testing/keplrWallet.js'
export {
  type CreateTestPolkadotExtensionParameters,
  type CreateTestPolkadotExtensionReturnType,
  createTestPolkadotExtension,
  type TestPolkadotExtensionPrompt,
} from '../testing/polkadotExtension.js'
export {
  type CreateTestSolanaWalletErrorType,
  type CreateTestSolanaWalletParameters,
  type CreateTestSolanaWalletReturnType,
  createTestSolanaWallet,
  type TestSolanaWalletFeatures,
  type TestSolanaWalletPromptFeature,
  type TestSolanaWalletRequest,
  type TestSolanaWalletStandardWallet,
} from '../testing/solanaWallet.js'
export { TestProviderRpcError, type TestProviderRpcErrorParameters } from '../testing/testProviderRpcError.js'
export {
  TestSolanaWalletError,
  type TestSolanaWalletErrorName,
  type TestSolanaWalletErrorParameters,
} from '../testing/testSolanaWalletError.js'
export { TestWalletUsageError, type TestWalletUsageErrorType } from '../testing/testWalletUsageError.js'
