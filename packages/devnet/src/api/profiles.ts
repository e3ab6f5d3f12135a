/**
 * The names the profile service knows: fixtures every test can resolve, and names registered on
 * this emulator (`POST /v1/profile/account`), kept per running emulator.
 */
import { evmAccounts, solanaAccounts } from '../accounts.js'

/** A profile as the service stores it: addresses by SLIP-44 coin type (60 EVM, 501 Solana). */
export interface StoredProfile {
  name: string
  addresses: Record<string, string>
  attributes: Record<string, string>
  /** Registration time, seconds (0 for fixtures). */
  created: number
}

/**
 * How old a registration message may be: a signature over an old timestamp is a replay, not the
 * user asking now. Messages from more than a minute in the future are refused as well.
 */
export const NAME_MESSAGE_MAX_AGE_SECONDS = 600
/** Clock skew allowed for a timestamp ahead of the emulator's clock. */
export const NAME_MESSAGE_MAX_SKEW_SECONDS = 60

/** The spec's rule for the label of a name: letters, digits and hyphen, at least 4 characters. */
export const NAME_LABEL = /^[a-z0-9-]{4,}$/i
/** A zone (`reown.id`): dot-separated labels. */
export const NAME_ZONE = /^[a-z0-9-]+(\.[a-z0-9-]+)*$/i

/**
 * Fixture names: bob has both devnet accounts #1, carol only an EVM one, dave an EVM address no
 * devnet account uses (tests send to it and read exact balances).
 */
function fixtureProfiles(): StoredProfile[] {
  const fixtures: { name: string; addresses: Record<string, string> }[] = [
    { name: 'bob.reown.id', addresses: { '60': evmAccounts[1].address, '501': solanaAccounts[1].address } },
    { name: 'carol.wcn.id', addresses: { '60': evmAccounts[2].address } },
    { name: 'dave.reown.id', addresses: { '60': '0x00000000000000000000000000000000000da7e0' } },
  ]
  return fixtures.map((p) => ({ ...p, attributes: {}, created: 0 }))
}

/** @internal The emulator's profiles: fixtures plus registered names, by lower-case name. */
export interface ProfileStore {
  get(name: string): StoredProfile | undefined
  /** Every profile one of whose addresses is `address` (EVM addresses compare case-insensitively). */
  byAddress(address: string): StoredProfile[]
  /** Adds a profile; `false` when the name is taken. */
  add(profile: StoredProfile): boolean
}

/** @internal A store holding the fixtures, for one emulator. */
export function createProfileStore(): ProfileStore {
  const profiles = new Map(fixtureProfiles().map((p) => [p.name, p]))
  const same = (a: string, b: string) => (a.startsWith('0x') ? a.toLowerCase() === b.toLowerCase() : a === b)
  return {
    get: (name) => profiles.get(name.toLowerCase()),
    byAddress: (address) =>
      [...profiles.values()].filter((p) => Object.values(p.addresses).some((a) => same(a, address))),
    add(profile) {
      const name = profile.name.toLowerCase()
      if (profiles.has(name)) return false
      profiles.set(name, { ...profile, name })
      return true
    },
  }
}
