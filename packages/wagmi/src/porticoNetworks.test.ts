// porticoNetworks: wagmi's chains as Portico networks, and what bad input from JavaScript (a list
// that is empty, missing or holds something other than a chain) gives. createPortico's own checks of
// the networks are tested in headless.
import { createPortico, eip155Adapter } from '@portico/headless/core'
import { base, mainnet } from 'viem/chains'
import { expect, test, vi } from 'vitest'
import { porticoNetworks } from './porticoNetworks.js'

test('behavior: one Portico network per wagmi chain, same order, ids, names, currency and RPC URLs', () => {
  const networks = porticoNetworks([mainnet, base])
  expect(networks.map((n) => n.caipNetworkId)).toEqual(['eip155:1', 'eip155:8453'])
  expect(networks[1]).toMatchObject({
    id: 8453,
    chainNamespace: 'eip155',
    name: base.name,
    nativeCurrency: base.nativeCurrency,
    rpcUrls: { default: { http: base.rpcUrls.default.http } },
  })
})

// Bad input from JavaScript callers (the types ask for a non-empty tuple of viem chains): the
// helper never throws a TypeError of its own, so createPortico's typed error names the problem.
test('error: an empty or missing chain list reaches createPortico as its InvalidOptionsError, not a TypeError', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  for (const chains of [[], undefined, null, 'mainnet', { 0: mainnet }]) {
    const networks = porticoNetworks(chains as never)
    expect(networks).toEqual([])
    const error = (() => {
      try {
        createPortico({ projectId: 'p', walletConnect: false, networks, adapters: [eip155Adapter()], ssr: false })
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toMatchObject({
      name: 'InvalidOptionsError',
      issues: [expect.objectContaining({ path: 'networks' })],
    })
  }
  // Only what is not a list is worth a warning; an empty list is createPortico's to report.
  expect(warn.mock.calls.map(([message]) => String(message))).toEqual([
    '[portico] porticoNetworks(): chains must be an array of viem chains, got undefined; no networks.',
    '[portico] porticoNetworks(): chains must be an array of viem chains, got null; no networks.',
    '[portico] porticoNetworks(): chains must be an array of viem chains, got string; no networks.',
    '[portico] porticoNetworks(): chains must be an array of viem chains, got object; no networks.',
  ])
  warn.mockRestore()
})

test('edge: an entry that is not a viem chain (a conditional left undefined, a bare id) is skipped with a warning', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const networks = porticoNetworks([mainnet, undefined, 8453, { id: 10, name: 'No RPC' }, base] as never)
  expect(networks.map((n) => n.caipNetworkId)).toEqual(['eip155:1', 'eip155:8453'])
  expect(warn).toHaveBeenCalledTimes(3)
  expect(String(warn.mock.calls[0]?.[0])).toBe(
    '[portico] porticoNetworks(): chains[1] is not a viem chain (an object with id, name and rpcUrls.default.http); skipped.',
  )
  warn.mockRestore()
})
