import type { DirectoryWallet, SortedConnector } from '@portico/headless'
import { describe, expect, test } from 'vitest'
import { allWalletsRows } from './allWalletsRows.js'

// Only what the rows read of a connector (name, uid, id, rdns).
const connector = (name: string, rdns?: string) =>
  ({
    id: name.toLowerCase(),
    uid: `eip155:${name.toLowerCase()}`,
    name,
    info: rdns ? { rdns } : undefined,
  }) as never as SortedConnector
const wallet = (n: number, name = `Wallet ${n}`, rdns?: string): DirectoryWallet => ({ id: `w${n}`, name, rdns })
const page = (count: number, data: DirectoryWallet[]) => ({ count, data })

const installed = [connector('Devnet Wallet', 'dev.portico.devnet'), connector('Zen Extension')]
const browse = [
  page(120, [
    wallet(1, 'Arra'),
    wallet(2, 'Zenvido'),
    wallet(3, 'Devnet Wallet', 'dev.portico.devnet'),
    wallet(4, 'Kavira'),
  ]),
  page(120, [wallet(5, 'Zenvi'), wallet(2, 'Zenvido')]),
]
const names = (rows: ReturnType<typeof allWalletsRows>['rows']) =>
  rows.map((r) => (r.kind === 'connector' ? `connector:${r.connectors[0].name}` : r.wallet.name))

/** A connector of `chain` (what grouping reads: the namespace, the name, the directory id). */
const onChain = (name: string, chain: 'eip155' | 'solana', explorerId?: string) =>
  ({ id: `${chain}:${name}`, uid: `${chain}:${name}`, name, chain, explorerId }) as never as SortedConnector

describe('allWalletsRows', () => {
  test('behavior: a wallet installed for two namespaces is one row with both connectors, where its first sorts', () => {
    const evm = onChain('Devnet Wallet', 'eip155')
    const other = onChain('Other', 'eip155', 'other-id')
    const sol = onChain('devnet wallet ', 'solana')
    const otherSol = onChain('Other Solana', 'solana', 'other-id')
    const result = allWalletsRows({ connectors: [evm, other, sol, otherSol], query: '', search: [], browse: [] })
    expect(result.rows).toEqual([
      { kind: 'connector', connectors: [evm, sol] },
      // The directory id, when both know it, over the names.
      { kind: 'connector', connectors: [other, otherSol] },
    ])
    expect(result.total).toBe(2)
    // A search matches the wallet by name: its row keeps both connectors.
    expect(allWalletsRows({ connectors: [evm, other, sol], query: 'devnet', search: [], browse: [] }).rows).toEqual([
      { kind: 'connector', connectors: [evm, sol] },
    ])
  })

  test('behavior: two connectors of one namespace stay two rows, even with the same name', () => {
    const a = onChain('Same', 'eip155')
    const b = onChain('Same', 'eip155')
    expect(allWalletsRows({ connectors: [a, b], query: '', search: [], browse: [] }).rows).toHaveLength(2)
  })

  test('default: connectors first, then the directory without installed wallets or repeats', () => {
    const result = allWalletsRows({ connectors: installed, query: '', search: browse, browse, hasNextPage: true })
    expect(names(result.rows)).toEqual([
      'connector:Devnet Wallet',
      'connector:Zen Extension',
      'Arra',
      'Zenvido',
      'Kavira',
      'Zenvi',
    ])
    expect(result.provisional).toBe(false)
    // 6 fetched entries of 120: the 114 not fetched yet count towards the set size.
    expect(result.total).toBe(6 + 114)
  })

  test('behavior: the last page loaded, the set size is what is listed', () => {
    const result = allWalletsRows({ connectors: installed, query: '', search: browse, browse, hasNextPage: false })
    expect(result.total).toBe(result.rows.length)
  })

  test('behavior: while a search is on its way, the loaded entries that match stand in for it', () => {
    const result = allWalletsRows({ connectors: installed, query: 'zen', search: undefined, browse, hasNextPage: true })
    expect(result.provisional).toBe(true)
    expect(names(result.rows)).toEqual(['connector:Zen Extension', 'Zenvido', 'Zenvi'])
    // Unknown until the directory answers: only what is listed.
    expect(result.total).toBe(3)
  })

  test("behavior: the directory's answer replaces the stand-ins", () => {
    const before = allWalletsRows({ connectors: installed, query: 'zenvi', search: undefined, browse })
    const answer = [page(3, [wallet(5, 'Zenvi'), wallet(2, 'Zenvido'), wallet(77, 'Kazenvi')])]
    const after = allWalletsRows({ connectors: installed, query: 'zenvi', search: answer, browse })
    expect(after.provisional).toBe(false)
    expect(names(after.rows)).toEqual(['Zenvi', 'Zenvido', 'Kazenvi'])
    expect(before.provisional).toBe(true)
  })

  test('behavior: search is case-insensitive; no directory answers no stand-ins', () => {
    const result = allWalletsRows({ connectors: installed, query: 'KAV', search: undefined, browse: undefined })
    expect(result.rows).toEqual([])
    expect(names(allWalletsRows({ connectors: installed, query: 'KAV', search: undefined, browse }).rows)).toEqual([
      'Kavira',
    ])
  })
})
