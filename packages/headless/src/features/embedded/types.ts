// The embedded wallet's types, apart from the modules that make and use it: state.ts types its
// per-instance fields with them, and those modules read that state.
import type { AppRequestPayload } from '@portico/secure/protocol'
import type { ConnectorEvent, PorticoNetwork } from '../../kernel/types.js'
import type { ChainNamespace } from '../../kernel/utils/caip.js'
import type { FrameClient } from './frameClient.js'
import type { LoginCache } from './loginCache.js'

/** The theme the secure frame is given: the spec's themeMode (light or dark) and themeVariables. */
export type EmbeddedWalletTheme = AppRequestPayload<'SYNC_THEME'>

/**
 * One embedded wallet per Portico instance: its frame client and login cache. Its AUTH connectors
 * are in the instance's connector registry (id `auth`), from creation on.
 */
export type EmbeddedWallet = {
  readonly client: FrameClient
  /** The namespaces it serves here: eip155 and solana, where the host configured them. */
  readonly namespaces: readonly ChainNamespace[]
  readLoginCache(): LoginCache
  writeLoginCache(update: Partial<LoginCache>): void
  clearLoginCache(): void
  /** The configured network `caipNetworkId` of `namespace`, else the namespace's first. */
  networkFor(namespace: ChainNamespace, caipNetworkId?: string | undefined): PorticoNetwork | undefined
  /** The chain the frame is on (one for both namespaces: the frame keeps a single current chain). */
  frameChain: number | string | undefined
  rpcUrl(network: PorticoNetwork): string | undefined
  /** Sends the host's theme to the frame (the spec's sync theme message). */
  syncTheme(theme: EmbeddedWalletTheme): void
  /** The AUTH connectors' listeners, per namespace (one login serves every embedded namespace). */
  readonly listeners: Map<ChainNamespace, Set<(event: ConnectorEvent) => void>>
}
