import { useNamesForAddress } from '@portico/headless/names/react'

/**
 * @internal
 * The account's profile name from the profile service's reverse lookup (cached 5 minutes, the
 * spec's lifetime; a registration refetches it), else `fallback` (while it loads, when there is
 * none, or when the lookup failed: a name is a nicety, the address is always right).
 */
export function AccountName({ address, fallback }: { address: string; fallback: string }) {
  const names = useNamesForAddress({ address })
  const name = names.data?.[0]?.name
  return name ? <span data-slot="profile-name">{name}</span> : fallback
}
