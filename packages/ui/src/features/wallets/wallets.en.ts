/** English text of the ProfileWallets view and its entry in the Account view; other languages load on demand. */
export const walletsEn = {
  walletsTitle: 'Wallets',
  walletsOpen: 'Connected wallets',
  walletsAdd: 'Add wallet',
  walletsSwitch: 'Switch',
  walletsReconnect: 'Reconnect',
  walletsDisconnect: 'Disconnect',
  walletsActive: 'Active',
  walletsDisconnected: 'Disconnected',
  walletsEmpty: 'No wallet connected',
  walletsSwitchFailed: 'Could not switch wallets',
  walletsReconnectFailed: 'Could not reconnect this wallet. Try again.',
  walletsDisconnectOne: (name: string) => `Disconnect ${name}`,
  walletsSwitchTo: (name: string) => `Switch to ${name}`,
}
