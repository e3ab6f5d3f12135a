import type { ChainNamespace } from '@portico/headless'

const names: Record<string, string> = {
  eip155: 'EVM',
  solana: 'Solana',
  bip122: 'Bitcoin',
  polkadot: 'Polkadot',
  cosmos: 'Cosmos',
}

/**
 * @internal
 * A chain namespace's name as the lists show it (the same in every language: these are names).
 *
 * @example
 * namespaceName('eip155') // 'EVM'
 */
export function namespaceName(namespace: ChainNamespace | string): string {
  return names[namespace] ?? namespace
}
