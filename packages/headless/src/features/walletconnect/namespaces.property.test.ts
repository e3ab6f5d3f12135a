// Properties of WalletConnect session data parsing (sessionAccounts / sessionConnection): session
// namespaces come from the wallet through the relay, so they are untrusted. Checked against
// @walletconnect/utils' own CAIP-10 parser for the accounts it understands.
import { parseAccountId } from '@walletconnect/utils'
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { testNetworks } from '../../test/fixtures.js'
import { proposalNamespaces, type SessionNamespace, sessionAccounts, sessionConnection } from './namespaces.js'

const chain = fc.oneof(
  fc.constantFrom('eip155:1', 'eip155:31337', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'cosmos:cosmoshub-4'),
  fc
    .tuple(fc.stringMatching(/^[-a-z0-9]{3,8}$/), fc.stringMatching(/^[-_a-zA-Z0-9]{1,32}$/))
    .map(([n, r]) => `${n}:${r}`),
)
const address = fc.stringMatching(/^[-.%a-zA-Z0-9]{1,64}$/)
const account = fc.oneof(
  fc.tuple(chain, address).map(([c, a]) => `${c}:${a}`),
  fc.string(), // anything a wallet might put there
)
const sessionNamespace: fc.Arbitrary<SessionNamespace> = fc.record({
  chains: fc.option(fc.array(fc.oneof(chain, fc.string()), { maxLength: 5 }), { nil: undefined }),
  accounts: fc.array(account, { maxLength: 8 }),
  methods: fc.array(fc.string(), { maxLength: 3 }),
  events: fc.array(fc.string(), { maxLength: 3 }),
})

test('property: accounts group by their CAIP-2 chain exactly as @walletconnect/utils parses them', () => {
  fc.assert(
    fc.property(sessionNamespace, (ns) => {
      const byChain = sessionAccounts(ns)
      for (const [id, addresses] of byChain) {
        // The CAIP-2 grammar (the eip155 decimal rule is applied later, against configured networks).
        expect(id).toMatch(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/)
        expect(new Set(addresses).size).toBe(addresses.length)
      }
      for (const entry of ns.accounts) {
        const parts = entry.split(':')
        if (parts.length !== 3 || !/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(`${parts[0]}:${parts[1]}`) || !parts[2])
          continue
        const { namespace, reference, address: a } = parseAccountId(entry)
        expect(byChain.get(`${namespace}:${reference}`)).toContain(a)
      }
      // Nothing invented: every address listed was sent by the wallet, in the wallet's order.
      const sent = ns.accounts.map((entry) => entry.slice(entry.lastIndexOf(':') + 1))
      for (const addresses of byChain.values()) {
        const positions = addresses.map((a) => sent.indexOf(a))
        expect(positions.every((p) => p >= 0)).toBe(true)
      }
    }),
  )
})

test('property: a connection from any session is on an approved chain with that chain’s accounts, or none', () => {
  const networks = testNetworks().all
  fc.assert(
    fc.property(
      sessionNamespace,
      fc.constantFrom('eip155', 'solana'),
      fc.option(fc.constantFrom(...networks), { nil: undefined }),
      fc.record({
        name: fc.option(fc.string(), { nil: undefined }),
        icons: fc.option(
          fc.array(
            fc.oneof(
              fc.constantFrom(
                'https://w.example/i.png',
                'javascript:alert(1)',
                'data:image/png;base64,AA',
                'http://127.0.0.1/x.svg',
              ),
              fc.string(),
            ),
          ),
          { nil: undefined },
        ),
      }),
      (ns, namespace, preferred, metadata) => {
        const connection = sessionConnection(
          { namespaces: { [namespace]: ns }, peer: { metadata } },
          namespace,
          preferred,
        )
        if (!connection?.caipNetworkId || !connection.walletInfo) return
        expect(connection.caipNetworkId.startsWith(`${namespace}:`)).toBe(true)
        expect(connection.accounts.length).toBeGreaterThan(0)
        expect(sessionAccounts(ns).get(connection.caipNetworkId)).toEqual(connection.accounts)
        expect(connection.walletInfo.name.length).toBeGreaterThan(0)
        expect(connection.walletInfo.name.length).toBeLessThanOrEqual(100)
        if (connection.walletInfo.icon) expect(connection.walletInfo.icon).toMatch(/^https?:/)
      },
    ),
    { numRuns: 50 },
  )
})

test('property: proposals list each configured network once, under its own namespace', () => {
  const all = testNetworks().all
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...all), { maxLength: 6 }), (networks) => {
      const proposal = proposalNamespaces(networks)
      for (const [namespace, entry] of Object.entries(proposal)) {
        expect(new Set(entry.chains).size).toBe(entry.chains.length)
        for (const id of entry.chains) expect(id.startsWith(`${namespace}:`)).toBe(true)
      }
      expect(new Set(Object.values(proposal).flatMap((e) => e.chains))).toEqual(
        new Set(networks.map((n) => n.caipNetworkId)),
      )
    }),
  )
})

test('behavior: session data that is not lists (from a hostile wallet) gives no accounts instead of throwing', () => {
  fc.assert(
    fc.property(fc.anything(), fc.anything(), (accounts, chains) => {
      const ns = { accounts, chains, methods: [], events: [] } as unknown as SessionNamespace
      const byChain = sessionAccounts(ns)
      for (const [chain, list] of byChain) {
        expect(typeof chain).toBe('string')
        expect(Array.isArray(list)).toBe(true)
      }
    }),
  )
  expect(sessionAccounts({ accounts: {}, chains: 5 } as unknown as SessionNamespace).size).toBe(0)
})
