import fc from 'fast-check'
import { expect, test, vi } from 'vitest'
import { testAdapters, testNetworks } from '../../test/fixtures.js'
import { createPortico } from '../createPortico.js'
import { type ImageKind, imagePaths, imageUrl } from './imageUrls.js'
import { directoryUrl } from './urls.js'

const kinds = Object.keys(imagePaths) as ImageKind[]

// API base URLs a host may configure: paths, trailing slashes, ports, IPv6, upper case, escapes,
// a query of its own (the path then lands in the query, and so does the id).
const apiUrl = fc.constantFrom(
  'https://api.portico.dev',
  'https://API.Portico.dev/v1/',
  'http://127.0.0.1:4010',
  'http://[::1]:8080/base',
  'https://directory.example/a%20b/c',
  'https://directory.example/x?key=1',
  'https://directory.example/x#frag',
)
const id = fc.stringMatching(/^[\w-]{1,200}$/)
const projectId = fc.option(fc.constantFrom('p1', 'a b&c=d', 'ünï', '%2F'), { nil: undefined })

test('property: an image URL is the URL built for that id, for any base, project and id', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  fc.assert(
    fc.property(
      apiUrl,
      projectId,
      fc.constantFrom(...kinds),
      fc.array(id, { minLength: 1, maxLength: 5 }),
      (api, pid, kind, ids) => {
        const portico = createPortico({
          networks: testNetworks().all,
          adapters: testAdapters(),
          storage: null,
          walletConnect: false,
          apiUrls: { api },
          ...(pid === undefined ? {} : { projectId: pid }),
        })
        for (const each of ids)
          expect(imageUrl(portico, kind, each)).toBe(directoryUrl(portico, `${imagePaths[kind]}${each}`).toString())
      },
    ),
    { numRuns: 300 },
  )
  vi.restoreAllMocks()
})
