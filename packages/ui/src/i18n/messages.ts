/**
 * Every user-facing string of the UI, in English (the default, and the only language at page
 * start). Components never hold literal copy. The other shipped languages live in `locales/*.ts`,
 * typed as `Messages` so a missing or extra key does not compile, and load on demand through
 * `<PorticoUI locale="…">`; a host adjusts any text with a `Partial<Messages>` passed to
 * `<PorticoUI messages={…}>`, which wins over the language's own. Functions take the values they
 * interpolate so word order can change per language.
 */
export const en = {
  connectWallet: 'Connect Wallet',
  connecting: 'Connecting…',
  restoring: 'Restoring…',
  wrongNetwork: 'Wrong network',
  close: 'Close',
  back: 'Back',
  // Views
  titleConnect: 'Connect Wallet',
  titleAllWallets: 'All Wallets',
  titleAccount: 'Account',
  titleNetworks: 'Choose Network',
  titleUnsupported: 'Switch Network',
  // Connect
  sectionWallets: 'Wallets',
  allWallets: 'All Wallets',
  noWalletsTitle: 'No wallets found',
  // Shown only when no wallet (not even WalletConnect) is offered: no promise of a phone.
  noWalletsBody: 'Install a browser wallet, then come back to connect.',
  badgeRecent: 'Recent',
  badgeInstalled: 'Installed',
  badgeFeatured: 'Featured',
  // AllWallets
  searchPlaceholder: 'Search wallets',
  searchLabel: 'Search wallets',
  noSearchResults: (query: string) => `No wallet matches “${query}”`,
  /** Over the wallet list after switching to a network of a namespace no wallet is connected on. */
  connectForNetwork: (network: string) => `Connect a wallet for ${network}`,
  directoryUnavailable: 'The wallet directory could not be loaded.',
  notInstalled: (wallet: string) => `${wallet} is not installed`,
  notInstalledBody: 'Get the wallet, then come back to connect.',
  getWallet: (wallet: string) => `Get ${wallet}`,
  walletCount: (count: number) => `${count} ${count === 1 ? 'wallet' : 'wallets'}`,
  // ConnectingExternal
  continueInWallet: (wallet: string) => `Continue in ${wallet}`,
  acceptRequest: 'Accept the connection request in the wallet.',
  connectionRejected: 'Connection rejected',
  connectionRejectedBody: 'The request was declined in the wallet.',
  connectionFailed: 'Failed to connect',
  connectionFailedBody: 'Something went wrong. Try again, or pick another wallet.',
  tryAgain: 'Try again',
  // WalletConnect
  titleWalletConnect: 'WalletConnect',
  badgeQrCode: 'QR code',
  scanWithPhone: 'Scan this QR code with your phone',
  scanWithWallet: (wallet: string) => `Scan with ${wallet}, or open it below`,
  qrLabel: 'WalletConnect QR code',
  qrLabelWallet: (wallet: string) => `QR code to connect ${wallet}`,
  qrLoading: 'Preparing the QR code…',
  copyLink: 'Copy link',
  linkCopied: 'Link copied',
  copyLinkFailed: 'Could not copy the link',
  openInApp: (wallet: string) => `Open ${wallet}`,
  openDesktopApp: 'Open desktop app',
  openWebApp: 'Open web app',
  waitingForApproval: 'Approve the connection in your wallet.',
  // Account
  copyAddress: 'Copy address',
  addressCopied: 'Address copied',
  copyFailed: 'Could not copy the address',
  viewOnExplorer: 'Block explorer',
  disconnect: 'Disconnect',
  disconnected: 'Wallet disconnected',
  disconnectFailed: 'Failed to disconnect',
  tabTokens: 'Tokens',
  tabNfts: 'NFTs',
  tabActivity: 'Activity',
  noTokens: 'No tokens yet',
  noTokensBody: 'Tokens you hold on this network show here.',
  noNfts: 'No NFTs yet',
  noNftsBody: 'NFTs you own will show here.',
  noActivity: 'No activity yet',
  noActivityBody: 'Your transactions will show here.',
  activityFailed: 'Failed to fetch transactions',
  loadMore: 'Load more',
  balanceUnavailable: 'Token Balance Unavailable',
  loading: 'Loading…',
  network: 'Network',
  // Networks
  networkActive: 'Active',
  switchingNetwork: 'Approve in the wallet…',
  switchNetworkFailed: 'Could not switch network',
  // Unsupported
  unsupportedTitle: 'This network is not supported',
  unsupportedBody: 'Switch to a supported network to continue.',
  // Images
  imageFallback: (name: string) => `${name} icon`,
} as const

/** The message catalogue's shape. */
export type Messages = {
  [key in keyof typeof en]: (typeof en)[key] extends (...args: infer a) => string ? (...args: a) => string : string
}
