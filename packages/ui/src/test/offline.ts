/**
 * The `createPortico` options of a browser test that reaches no hosted service and keeps nothing:
 * no storage, no blockchain API, WalletConnect, wallet directory or remote configuration, no
 * analytics. A test spreads it and adds what it needs: a devnet's `apiUrls` point a service at the
 * devnet, and the blockchain API (balances, names, swaps) also needs `blockchainApi: true` back.
 *
 * @example
 * createPortico({ ...offline, projectId: 'my-test', networks, adapters: [eip155Adapter()] })
 */
export const offline = {
  storage: null,
  blockchainApi: false,
  walletConnect: false,
  walletDirectory: false,
  remoteConfig: false,
  features: { analytics: false },
} as const
