// The spec's texts that the frame shows or answers with and the kit reads back.
/** Texts of the spec the frame and the kit share. */
export const frameTexts = {
  notAllowedLog: 'RPC method not allowed',
  notAllowed: 'Requested RPC call is not allowed',
  aborted: 'Request was aborted',
  rejected: 'User rejected the request.',
  noMessage: 'An error occurred',
  unsupportedNetwork: 'Unsupported network',
  /** A click on a prompt the page had made invisible or covered: not counted. */
  approvalHidden: 'This approval was hidden by the page',
  /** The browser refused the frame's storage on this site and the user did not continue without it. */
  storageBlocked: 'This browser blocks the wallet’s storage on this site',
  /** The social login's popup was closed before it came back (told by whoever holds the popup). */
  popupClosed: 'Popup closed',
  /** No authorization URI for the popup (provider refused, not configured, server unreachable). */
  socialInitiateFailed: 'Failed to initiate social connection',
  /** The provider's answer did not log the user in (refused, tampered, expired, replayed). */
  connectFailed: 'Failed to connect',
  farcasterFailed: 'Failed to connect to farcaster',
  /** A sign-in message whose domain or URI is not the host page's own origin: never signed. */
  siwxWrongSite: 'The sign-in message is not for this site',
  /** The auth server refused the host page's origin for the project (replies.ts's `unverifiedDomainCode`). */
  unverifiedDomain: 'Unverified domain',
  /** The start of the refusal of an EIP-7702 upgrade the network cannot take (replies.ts's `upgradeUnsupportedCode`). */
  upgradeUnsupported: 'This network does not support upgrading the account',
} as const
