// The shape of `virtual:portico-devnet`: the demo server writes it into index.html from the running
// devnet (a JSON block the module reads at run time, so one build serves any devnet).

export type DemoToken = { address: string; symbol: string; name: string; decimals: number }

export type DemoDevnetConfig = {
  /** The devnet emulator of the hosted services: directory, config, analytics, blockchain API. */
  apiUrl: string
  evm: { rpcUrl: string; chainId: number; privateKeys: `0x${string}`[]; tokens: DemoToken[] }
  solana: { rpcUrl: string; genesisHash: string; seeds: string[]; tokens: DemoToken[] }
  /** The devnet WalletConnect relay, its Verify service, the web wallet page, and the chains only WalletConnect reaches. */
  walletConnect: {
    relayUrl: string
    verifyUrl: string
    /** The devnet web wallet (paste a pairing URI there). */
    walletUrl: string | undefined
    chains: { polkadot: string; bip122: string; cosmos: string }
  }
  /** The embedded wallet: its secure frame's origin and the mail inbox (codes of email login). */
  auth?: { frameUrl: string; inboxUrl: string } | undefined
  /** The devnet's ERC-4337 bundler and ERC-7677 paymaster: the embedded wallet's smart account. */
  aa?: { bundlerUrl: string; paymasterUrl: string } | undefined
}
