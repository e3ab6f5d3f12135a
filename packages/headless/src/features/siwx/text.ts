/**
 * @internal
 * The shared shape of the three sign-in texts (EIP-4361, the Solana sign-in text and CAIP-122):
 * a header naming the domain and the chain family, the address, an optional statement, then
 * tagged fields in a fixed order.
 */

/** The chain family named in the header ("…sign in with your Ethereum account:"). */
export const blockchainNames: Readonly<Record<string, string>> = {
  eip155: 'Ethereum',
  solana: 'Solana',
  polkadot: 'Polkadot',
  bip122: 'Bitcoin',
  cosmos: 'Cosmos',
}

/**
 * The Solana clusters the sign-in text names by word (the Solana sign-in spec's `mainnet`,
 * `devnet`, `testnet`), by CAIP-2 reference (first 32 characters of the genesis hash).
 */
export const solanaClusters: Readonly<Record<string, string>> = {
  mainnet: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  devnet: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  testnet: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
}

/** Tagged fields, in the only order the formats allow. */
export const fieldTags = [
  ['uri', 'URI'],
  ['version', 'Version'],
  ['chainId', 'Chain ID'],
  ['nonce', 'Nonce'],
  ['issuedAt', 'Issued At'],
  ['expirationTime', 'Expiration Time'],
  ['notBefore', 'Not Before'],
  ['requestId', 'Request ID'],
] as const

export type TextField = (typeof fieldTags)[number][0]

export const headerRegex = /^(?:([a-zA-Z][a-zA-Z0-9+.-]*):\/\/)?(\S+) wants you to sign in with your (.+) account:$/

/** @internal The `Chain ID` text of a Solana network: a cluster word for the public clusters, else the CAIP-2 id. */
export function solanaChainIdText(chainId: string): string {
  const reference = chainId.slice('solana:'.length)
  return Object.keys(solanaClusters).find((name) => solanaClusters[name] === reference) ?? chainId
}
