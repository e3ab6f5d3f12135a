import { formatUri } from '@walletconnect/utils'
import { expect, test } from 'vitest'
import { pairingUri } from './pairingUri.js'

// The early pairing URI must be byte for byte the one the SDK itself formats for the same pairing,
// or a wallet scanning the early code would pair with something else.
test.each([
  { methods: undefined, data: undefined },
  { methods: ['wc_sessionPropose', 'wc_sessionAuthenticate'], data: undefined },
  { methods: ['wc_sessionPropose'], data: 'relay-extra' },
])('the URI equals the SDK’s own formatUri (methods %o)', ({ methods, data }) => {
  const pairing = {
    topic: 'a'.repeat(64),
    symKey: 'b'.repeat(64),
    expiry: 1_795_808_000,
    relay: { protocol: 'irn', ...(data ? { data } : {}) },
    ...(methods ? { methods } : {}),
  }
  const ours = pairingUri({ protocol: 'wc', version: 2, ...pairing })
  const sdk = formatUri({
    protocol: 'wc',
    version: 2,
    topic: pairing.topic,
    symKey: pairing.symKey,
    relay: pairing.relay,
    expiryTimestamp: pairing.expiry,
    ...(methods ? { methods } : {}),
  })
  expect(ours).toBe(sdk)
})
