// The shape of `virtual:portico-devnet`, which the demo server fills in from the running devnet.

export type DemoToken = { address: string; symbol: string; name: string; decimals: number }

export type DemoDevnetConfig = {
  /** The devnet emulator of the hosted services: directory, config, analytics, blockchain API. */
  apiUrl: string
  evm: { rpcUrl: string; chainId: number; privateKeys: `0x${string}`[]; tokens: DemoToken[] }
  solana: { rpcUrl: string; genesisHash: string; seeds: string[]; tokens: DemoToken[] }
}
