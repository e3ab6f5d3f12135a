import { InvalidCaipNetworkIdError } from '../errors/validation.js'

// A genesis hash is a 32-byte block hash: 64 hex digits, with or without its 0x, in either case.
// Its first 32 digits alone are taken too: that is the CAIP-2 reference itself, which is what a
// caller holding a chain id passes (the devnet documents `polkadotCaipNetworkId.split(':')[1]`).
const genesisHashPattern = /^(?:0[xX])?([0-9a-fA-F]{32}(?:[0-9a-fA-F]{32})?)$/

/**
 * @internal
 * The CAIP-2 reference of a chain named by its genesis hash (Bitcoin's bip122, Polkadot's
 * namespace): its first 32 hex characters, lower case, without 0x, as wallets name the chain in
 * their sessions. A hash in upper case or with `0X` still gives the chain's one id.
 *
 * @throws InvalidCaipNetworkIdError ('Invalid CAIP-2 network id') when `genesisHash` is not 64 hex
 * characters (or the 32 of the reference alone) after an optional 0x: a wallet would name no such chain.
 *
 * @example
 * genesisReference('0xE143F23803AC50E8F6F8E62695D1CE9E4E1D68AA36C1CD2CFD15340213F3423E', 'Polkadot')
 * // 'e143f23803ac50e8f6f8e62695d1ce9e'
 */
export function genesisReference(genesisHash: unknown, chain: string): string {
  const hex = typeof genesisHash === 'string' ? genesisHashPattern.exec(genesisHash)?.[1] : undefined
  if (hex === undefined)
    throw new InvalidCaipNetworkIdError({
      value: genesisHash,
      reason: `a ${chain} genesis hash is 64 hex characters (32 bytes), with or without 0x`,
    })
  return hex.slice(0, 32).toLowerCase()
}
