// What the frame lets a page do, apart from the message shapes (protocol.ts): which wallet RPC
// methods it answers and how, which networks it accepts by itself, and how long a prompt must be
// visible before its approval counts. The frame enforces these; the kit reads the method lists.

/**
 * RPC methods the frame answers. `safe` ones go straight to the chain's RPC (read-only queries and
 * eth_sendRawTransaction); `unsafe` ones need the user's approval in the frame; `local` ones the
 * frame answers itself. Anything else is refused: 'Requested RPC call is not allowed'.
 */
export const rpcMethods = {
  safe: [
    'eth_blockNumber',
    'eth_call',
    'eth_estimateGas',
    'eth_feeHistory',
    'eth_gasPrice',
    'eth_getBalance',
    'eth_getBlockByHash',
    'eth_getBlockByNumber',
    'eth_getBlockTransactionCountByHash',
    'eth_getBlockTransactionCountByNumber',
    'eth_getCode',
    'eth_getLogs',
    'eth_getProof',
    'eth_getStorageAt',
    'eth_getTransactionByBlockHashAndIndex',
    'eth_getTransactionByBlockNumberAndIndex',
    'eth_getTransactionByHash',
    'eth_getTransactionCount',
    'eth_getTransactionReceipt',
    'eth_maxPriorityFeePerGas',
    'eth_sendRawTransaction',
    'net_version',
    'web3_clientVersion',
  ],
  unsafe: [
    'personal_sign',
    'eth_signTypedData_v4',
    'eth_sendTransaction',
    'eth_signTransaction',
    'wallet_sendCalls',
    'wallet_grantPermissions',
    'wallet_revokePermissions',
    'solana_signMessage',
    'solana_signTransaction',
    'solana_signAllTransactions',
    'solana_signAndSendTransaction',
  ],
  local: [
    'eth_accounts',
    'eth_requestAccounts',
    'eth_chainId',
    'wallet_getCapabilities',
    'wallet_getCallsStatus',
    'wallet_getAssets',
    'wallet_getGrantedExecutionPermissions',
  ],
} as const

/**
 * How long (ms) an approval prompt must have been fully visible, without interruption, before its
 * Approve (or Reveal key) button counts a click. Longer than the longest double-click interval an
 * operating system lets a user set (900 ms on Windows), so neither click of a double-click on a
 * decoy can land on a prompt the page showed between them; the same second Firefox waits before
 * enabling the buttons of its own security dialogs. Any loss of visibility starts it again.
 *
 * @example
 * ```ts
 * approvalDelayMs // 1000
 * ```
 */
export const approvalDelayMs = 1000

/**
 * The networks the frame accepts by itself (the spec: 25, EVM mainnets and testnets and three
 * Solana networks; Solana by genesis-hash reference). Any other network is accepted once the host
 * gives its RPC URL (the kit sends one for every network it is configured with).
 *
 * @example
 * frameNetworks.has(10) // true (OP Mainnet)
 */
export const frameNetworks: ReadonlySet<number | string> = new Set<number | string>([
  // Ethereum, Sepolia, OP, OP Sepolia, Arbitrum One, Arbitrum Sepolia, Polygon, Polygon Amoy
  1,
  11155111,
  10,
  11155420,
  42161,
  421614,
  137,
  80002,
  // Celo, Celo Alfajores, Aurora, Aurora testnet, BNB Chain, BNB testnet, Avalanche, Fuji
  42220,
  44787,
  1313161554,
  1313161555,
  56,
  97,
  43114,
  43113,
  // zkSync Era, zkSync Sepolia, Gnosis, Base, Base Sepolia, Zora
  324,
  300,
  100,
  8453,
  84532,
  7777777,
  // Solana mainnet, devnet, testnet
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
])

/** Which list `method` is on, or `undefined` when it is not allowed. */
export function rpcMethodKind(method: string): 'safe' | 'unsafe' | 'local' | undefined {
  for (const kind of ['safe', 'unsafe', 'local'] as const)
    if ((rpcMethods[kind] as readonly string[]).includes(method)) return kind
  return undefined
}
