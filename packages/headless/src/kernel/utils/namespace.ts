// The namespaces alone, apart from caip.ts: address.ts needs the type and caip.ts needs address.ts.

/** Chain namespaces Portico supports (CAIP-2 namespaces). */
export type ChainNamespace = 'eip155' | 'solana' | 'polkadot' | 'bip122' | 'cosmos'

/**
 * Every supported {@link ChainNamespace}, in a stable order.
 *
 * @example
 * chainNamespaces.includes('eip155') // true
 */
export const chainNamespaces = [
  'eip155',
  'solana',
  'polkadot',
  'bip122',
  'cosmos',
] as const satisfies readonly ChainNamespace[]
