// The name cache across reloads (5 minutes, the spec's name_cache).
import { storedCacheSuite } from '../../../test/storedCacheSuite.js'
import { namesForAddressQueryOptions } from '../query.js'

// An address nobody named: its (empty) list of names is cached like any other answer.
const nobody = '0x000000000000000000000000000000000000dEaD'

storedCacheSuite({
  kind: 'name',
  what: 'an address’s names',
  urlPart: '/v1/profile/reverse/',
  options: (portico) => namesForAddressQueryOptions(portico, { address: nobody }),
  expected: [],
  storedText: '0x000000000000000000000000000000000000dead',
})
