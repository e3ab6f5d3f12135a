/** English text of the WalletConnect views' phone layout and link renewal; other languages load on demand. */
export const walletConnectEn = {
  /** The picked wallet's headline on a phone, where its QR code cannot be scanned. */
  wcOpenWalletToConnect: (wallet: string) => `Open ${wallet} to connect`,
  /** The generic entry's headline on a phone. */
  wcOpenAnyWallet: 'Open your wallet app to connect',
  /** Hands the pairing link to whichever wallet app the phone opens `wc:` links with. */
  wcOpenWalletApp: 'Open wallet app',
  /** Goes to the wallet list, whose wallets have their own links. */
  wcChooseWallet: 'Choose your wallet',
  /** Said (politely) when the pairing link expired while the view was open and a new one replaced it. */
  wcLinkRenewed: 'The link expired. A new one is ready.',
  /** The same on a phone, where the user opens the wallet with the new link. */
  wcLinkRenewedOpen: (wallet: string) => `The link expired. A new one is ready: open ${wallet} again.`,
}
