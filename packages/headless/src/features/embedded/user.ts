import type { FrameUser } from '@portico/secure/protocol'
import type { SiwxMessage } from '../../kernel/siwxConfig.js'

/**
 * The embedded wallet's user (the spec's embedded-wallet user) as the secure frame reports it
 * after a login: `email` is `null` for a login without one (social, Farcaster, passkey); `userName`
 * and `socialProvider` name the provider's user of a social or Farcaster login; `signature`,
 * `message` and `siwxMessage` are the sign-in signed at a social login with sign-in on.
 *
 * @example
 * const user = await queryClient.fetchQuery(embeddedWalletUserQueryOptions(portico, { address }))
 * const shown = user.userName ?? user.email ?? user.address
 */
export type EmbeddedWalletUser = {
  /** The auth server's id of the user. */
  id: string
  email: string | null
  /** The address of the namespace of the frame's current chain. */
  address: string
  chainId: number | string
  /** One account per namespace the wallet holds, each with its type. */
  accounts: readonly { namespace: 'eip155' | 'solana'; address: string; type: 'eoa' | 'smartAccount' }[]
  preferredAccountType: 'eoa' | 'smartAccount'
  smartAccountDeployed: boolean
  /** `google`, `github`, `apple`, `facebook`, `x`, `discord` or `farcaster`, for such a login. */
  socialProvider?: string | undefined
  /** The provider's username (the login cache's social username). */
  userName?: string | undefined
  /**
   * The signature of the sign-in the frame made at a social login with sign-in on (personal_sign of
   * `message` by the embedded account); absent otherwise. The kit has already added it as a session.
   */
  signature?: string | undefined
  /** The sign-in text that `signature` signs (EIP-4361, as the kit's sign step formats it). */
  message?: string | undefined
  /** The sign-in data of `message`, with the embedded account's address. */
  siwxMessage?: SiwxMessage | undefined
}

/**
 * @internal The frame's `GET_USER` reply as an {@link EmbeddedWalletUser}: what a frame of an
 * earlier version left out gets the value that frame meant (no email: `''`; no account type: a
 * plain `eoa` account that is not deployed as a smart account).
 *
 * @example
 * const user = toEmbeddedWalletUser(await client.request('GET_USER'))
 */
export function toEmbeddedWalletUser(user: FrameUser): EmbeddedWalletUser {
  const preferred = user.preferredAccountType === 'smartAccount' ? 'smartAccount' : 'eoa'
  return {
    id: user.id,
    email: user.email || null,
    address: user.address,
    chainId: user.chainId,
    accounts: user.accounts.map((account) => ({ ...account, type: account.type ?? 'eoa' })),
    preferredAccountType: preferred,
    smartAccountDeployed: user.smartAccountDeployed ?? false,
    ...(user.socialProvider ? { socialProvider: user.socialProvider } : {}),
    ...(user.userName ? { userName: user.userName } : {}),
    ...(user.signature && user.message && user.siwxMessage
      ? { signature: user.signature, message: user.message, siwxMessage: user.siwxMessage as SiwxMessage }
      : {}),
  }
}
