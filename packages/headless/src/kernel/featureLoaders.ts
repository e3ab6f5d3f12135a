// The kernel's one way to a feature's code. Page start never holds a feature (a Biome rule keeps
// kernel/** and the main entries from importing features/**); the few features the kernel needs at
// a lifecycle point are loaded from here, by a dynamic import each, when that point comes. This is
// the only kernel file the rule lets name a feature, and only through `import()`
// (lint/featureBoundary.test.ts checks both).

/**
 * @internal
 * A loader per feature the kernel reaches: WalletConnect's and the embedded wallet's connector
 * implementations (behind their descriptors in the registry, see `lifecycle.ts`), sign-in's flow
 * (started with the instance when `siwx` is set), the multi-wallet list (started with the instance
 * when the local `multiWallet` feature is on), and the wallet's own balances (`getBalance`'s
 * `walletAssets`).
 *
 * @example
 * const { lifecycle } = await featureLoaders.walletConnect()
 */
export const featureLoaders = {
  walletConnect: () => import('../features/walletconnect/lifecycle.js'),
  embedded: () => import('../features/embedded/lifecycle.js'),
  siwx: () => import('../features/siwx/lifecycle.js'),
  wallets: () => import('../features/wallets/lifecycle.js'),
  walletAssets: () => import('../features/calls/readWalletAssets.js'),
}
