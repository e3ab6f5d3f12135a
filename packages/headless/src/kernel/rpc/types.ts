import type { RpcTransport } from '@solana/kit'
import type { Transport } from 'viem'

/**
 * A host's own JSON-RPC transport for one network (the `transports` option): a viem `Transport`
 * (`http(url)`, `fallback([...])`, `custom(provider)`) for an eip155 network, an `@solana/kit`
 * `RpcTransport` for a Solana one. Portico uses it as given, without its own retry rules.
 *
 * @example
 * import { http } from 'viem'
 * createPortico({ networks: [mainnet], adapters: [eip155Adapter()], transports: { 'eip155:1': http('https://my.node') } })
 */
export type PorticoTransport = Transport | RpcTransport
