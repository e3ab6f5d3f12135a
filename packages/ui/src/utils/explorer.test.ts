// explorerAddressUrl: the Account view's "View on explorer" link, built from the network's
// configured explorer and the connected address, and refused when it would not be a web link. The
// link in the view (present only with an explorer) is in features/account/AccountView.browser.test.tsx.
import { bitcoin, cosmosHub, eip155Network, mainnet } from '@portico/headless'
import { expect, test } from 'vitest'
import { explorerAddressUrl } from './explorer.js'

const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const withExplorer = (url: string) =>
  eip155Network({ id: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:9', blockExplorer: { name: 'Scan', url } })

test("behavior: the address page under the network's explorer, the address kept as it is (checksum case)", () => {
  expect(explorerAddressUrl(mainnet, address)).toBe(`https://etherscan.io/address/${address}`)
  expect(explorerAddressUrl(bitcoin, 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(
    'https://mempool.space/address/bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  )
})

test('behavior: an explorer under a path keeps its path (one explorer serving several chains)', () => {
  expect(explorerAddressUrl(cosmosHub, 'cosmos1abc')).toBe('https://www.mintscan.io/cosmos/address/cosmos1abc')
})

test('edge: trailing slashes of the configured URL do not double the separator', () => {
  expect(explorerAddressUrl(withExplorer('https://scan.example/'), address)).toBe(
    `https://scan.example/address/${address}`,
  )
  expect(explorerAddressUrl(withExplorer('https://scan.example/chain///'), address)).toBe(
    `https://scan.example/chain/address/${address}`,
  )
})

test('default: no explorer or no address, no link', () => {
  const none = eip155Network({ id: 31337, name: 'Devnet', rpcUrl: 'http://127.0.0.1:9' })
  expect(explorerAddressUrl(none, address)).toBeUndefined()
  expect(explorerAddressUrl(mainnet, '')).toBeUndefined()
  expect(explorerAddressUrl(withExplorer(''), address)).toBeUndefined()
})

test('behavior: a local explorer over http is a link', () => {
  expect(explorerAddressUrl(withExplorer('http://127.0.0.1:4000'), address)).toBe(
    `http://127.0.0.1:4000/address/${address}`,
  )
})

test.each([
  'javascript:alert(document.domain)//',
  'JavaScript:alert(1)//',
  'data:text/html,<script>alert(1)</script>',
  'file:///etc',
  'ftp://scan.example',
  'blob:https://scan.example/uuid',
])('security: an explorer URL that is not a web page (%s) never becomes a link', (url) => {
  expect(explorerAddressUrl(withExplorer(url), address)).toBeUndefined()
})

test('error: an explorer URL that does not parse (relative, bare host) gives no link rather than throwing', () => {
  expect(explorerAddressUrl(withExplorer('/scan'), address)).toBeUndefined()
  expect(explorerAddressUrl(withExplorer('scan.example'), address)).toBeUndefined()
})

test.each([
  '//evil.example/x',
  '../../../..',
  '..',
  '@evil.example',
  '?next=https://evil.example',
  '#frag',
  '\\\\evil.example',
  'a/../../b',
])('security: a hostile address (%s) stays on the explorer, under its path, with no query or fragment', (hostile) => {
  const link = explorerAddressUrl(withExplorer('https://scan.example/chain'), hostile)
  expect(link).toBeDefined()
  const url = new URL(link ?? '')
  expect(url.origin).toBe('https://scan.example')
  // ('..' alone is a dot segment the URL resolves: the explorer's own page, still on its host.)
  expect(url.pathname.startsWith(hostile === '..' ? '/chain/' : '/chain/address/')).toBe(true)
  expect(url.search).toBe('')
  expect(url.hash).toBe('')
})
