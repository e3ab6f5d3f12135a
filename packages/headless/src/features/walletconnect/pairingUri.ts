import type { Client } from './signClient.js'

/** @internal What the SDK announces of a pairing it has just created (`pairing_create`). */
export type CreatedPairing = {
  topic: string
  expiry: number
  relay: { protocol: string; data?: string | undefined }
  methods?: readonly string[] | undefined
}

/**
 * @internal
 * A pairing URI as the SDK formats it (WalletConnect v2: `wc:{topic}@2?` and the relay, key,
 * expiry and methods as sorted query parameters). Tested equal to the URI the SDK's connect returns.
 */
export function pairingUri({
  protocol,
  version,
  topic,
  symKey,
  relay,
  expiry,
  methods,
}: CreatedPairing & { protocol: string; version: number; symKey: string }): string {
  // The SDK sorts the parameters by name: expiryTimestamp, methods, relay-data, relay-protocol, symKey.
  const query = new URLSearchParams({ expiryTimestamp: String(expiry) })
  if (methods) query.append('methods', methods.join(','))
  if (relay.data) query.append('relay-data', relay.data)
  query.append('relay-protocol', relay.protocol)
  query.append('symKey', symKey)
  return `${protocol}:${topic}@${version}?${query}`
}

/**
 * @internal
 * The URI of a pairing the client has just created, from its key in the client's keychain;
 * undefined without a key (the offer's own URI shows when it comes).
 *
 * @example
 * client.core.pairing.events.on('pairing_create', (pairing) => show(createdPairingUri(client, pairing)))
 */
export function createdPairingUri(client: Client, pairing: CreatedPairing): string | undefined {
  let symKey: string
  try {
    symKey = client.core.crypto.keychain.get(pairing.topic)
  } catch {
    return undefined
  }
  return pairingUri({ protocol: client.core.protocol, version: client.core.version, symKey, ...pairing })
}
