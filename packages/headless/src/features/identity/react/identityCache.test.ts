// The identity cache across reloads (5 minutes, the spec's identity_cache).
import { storedCacheSuite } from '../../../test/storedCacheSuite.js'
import { identityQueryOptions } from '../query.js'

// Account #0 of the devnet has the name alice.portico on the blockchain API emulator.
const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

storedCacheSuite({
  kind: 'identity',
  what: 'the identity',
  urlPart: '/v1/identity/',
  options: (portico) => identityQueryOptions(portico, { address: alice }),
  expected: { name: 'alice.portico', avatar: undefined },
  storedText: 'alice.portico',
})
