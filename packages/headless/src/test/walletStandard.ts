import type { Wallet } from '@wallet-standard/base'

/**
 * A Wallet Standard wallet like `real` but with its features replaced by `alter(real.features)`: one
 * that lacks a feature, or answers it otherwise. Its accounts stay the real wallet's, live.
 */
export function withFeatures<Features>(
  real: Wallet & { readonly features: Features },
  alter: (features: Features) => Record<string, unknown>,
): Wallet {
  return {
    version: real.version,
    name: real.name,
    icon: real.icon,
    chains: real.chains,
    features: alter(real.features) as Wallet['features'],
    get accounts() {
      return real.accounts
    },
  }
}
