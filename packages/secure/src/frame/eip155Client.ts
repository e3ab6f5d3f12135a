import { type Chain, createPublicClient, defineChain, http, type LocalAccount, type PublicClient } from 'viem'
import { httpRpcUrl } from './rpcError.js'

// The frame's read client of the eip155 chain the host configured, and how the embedded key signs
// (rebuilt for one call): shared by the smart account's operations and the EIP-7702 delegation.

/** Signs with the embedded EOA key, rebuilt for the call and wiped afterwards. */
export type WithOwner = <T>(use: (owner: LocalAccount) => Promise<T>) => Promise<T>

const chains = new Map<string, Promise<Chain>>()

/** The chain behind `rpcUrl` (its id asked once): viem's fee estimation and the paymaster need it. */
export async function chainClient(rpcUrl: string | undefined): Promise<PublicClient> {
  const url = httpRpcUrl(rpcUrl)
  const transport = http(url, { retryCount: 1 })
  let chain = chains.get(url)
  if (!chain) {
    chain = createPublicClient({ transport })
      .getChainId()
      .then((id) =>
        defineChain({
          id,
          name: `eip155:${id}`,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: [url] } },
        }),
      )
    chain.catch(() => chains.delete(url))
    chains.set(url, chain)
  }
  return createPublicClient({ chain: await chain, transport })
}
