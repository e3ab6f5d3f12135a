import { rpcUrlFor } from '../../kernel/api/rpcUrl.js'
import type { Portico } from '../../kernel/portico.js'
import type { SiwxSessionContext } from '../../kernel/siwxConfig.js'

/**
 * @internal
 * What the kit hands a `siwx` config with a session of `chainId`: the RPC URL it uses for that
 * network, so a config that verifies in the browser (`localSiwx`) can check a smart-contract
 * account (the embedded wallet's smart account among them) without being told the URL again.
 *
 * @example
 * await siwx.addSession(session, siwxSessionContext(portico, session.data.chainId))
 */
export function siwxSessionContext(portico: Portico, chainId: string): SiwxSessionContext {
  const network = portico.networks.find((candidate) => candidate.caipNetworkId === chainId)
  return { rpcUrl: network ? rpcUrlFor(portico, network) : undefined }
}
