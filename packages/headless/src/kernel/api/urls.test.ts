// The hosted APIs' URL builders (urls.ts): the base URL the host configured, the path, and the
// spec's query parameters (projectId, st, sv) on every call. What the services answer to these URLs
// is walletDirectory.test.ts, blockchainApi.test.ts and projectApi.test.ts; the image URL templates
// built on directoryUrl are imageUrls.property.test.ts.
import { afterEach, expect, test, vi } from 'vitest'
import { offlinePortico } from '../../test/fixtures.js'
import { version } from '../version.js'
import { blockchainApiUrl, directoryUrl } from './urls.js'

afterEach(() => vi.restoreAllMocks())

const apiUrls = { api: 'http://127.0.0.1:7001', blockchain: 'http://127.0.0.1:7002' }

test('default: both carry the project id, st=portico and the package version as sv', () => {
  const portico = offlinePortico('proj-1', { apiUrls })
  const directory = directoryUrl(portico, '/getWallets')
  expect(directory.origin + directory.pathname).toBe('http://127.0.0.1:7001/getWallets')
  expect([...directory.searchParams]).toEqual([
    ['projectId', 'proj-1'],
    ['st', 'portico'],
    ['sv', `react-portico-${version}`],
  ])
  const blockchain = blockchainApiUrl(portico, '/v1/supported-chains')
  expect(blockchain.origin + blockchain.pathname).toBe('http://127.0.0.1:7002/v1/supported-chains')
  expect([...blockchain.searchParams]).toEqual([
    ['projectId', 'proj-1'],
    ['st', 'portico'],
    ['sv', `react-portico-${version}`],
  ])
})

test('behavior: the host’s sdkType and sdkVersion replace the defaults', () => {
  const portico = offlinePortico('p', { apiUrls, sdkType: 'appkit', sdkVersion: 'html-wagmi-1.2.3' })
  for (const url of [directoryUrl(portico, '/x'), blockchainApiUrl(portico, '/y')]) {
    expect(url.searchParams.get('st')).toBe('appkit')
    expect(url.searchParams.get('sv')).toBe('html-wagmi-1.2.3')
  }
})

test('edge: without a project id the directory leaves projectId out, the blockchain API sends it empty', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const portico = offlinePortico('', { apiUrls })
  const directory = directoryUrl(portico, '/getWallets')
  expect(directory.searchParams.has('projectId')).toBe(false)
  expect(directory.searchParams.get('st')).toBe('portico')
  const blockchain = blockchainApiUrl(portico, '/v1/identity/0xabc')
  expect(blockchain.searchParams.getAll('projectId')).toEqual([''])
})

test('behavior: a base URL with a path keeps it (its trailing slashes dropped once, by createPortico)', () => {
  const portico = offlinePortico('p', {
    apiUrls: { api: 'http://127.0.0.1:7001/proxy/api///', blockchain: 'http://127.0.0.1:7002/rpc/' },
  })
  expect(directoryUrl(portico, '/getWallets').pathname).toBe('/proxy/api/getWallets')
  expect(blockchainApiUrl(portico, '/v1/account/0x1/balance').pathname).toBe('/rpc/v1/account/0x1/balance')
})

test('security: a project id or sdk fields with URL syntax stay one parameter each, never injecting others', () => {
  const portico = offlinePortico('a&projectId=evil#frag', { apiUrls, sdkType: 'x&sv=1', sdkVersion: '?/#' })
  for (const url of [directoryUrl(portico, '/x'), blockchainApiUrl(portico, '/y')]) {
    expect(url.searchParams.getAll('projectId')).toEqual(['a&projectId=evil#frag'])
    expect(url.searchParams.getAll('st')).toEqual(['x&sv=1'])
    expect(url.searchParams.getAll('sv')).toEqual(['?/#'])
    expect(url.hash).toBe('')
    expect(url.origin.startsWith('http://127.0.0.1:700')).toBe(true)
  }
})

test('behavior: each call builds a new URL, so a caller adding parameters never changes the next one', () => {
  const portico = offlinePortico('p', { apiUrls })
  const first = directoryUrl(portico, '/getWallets')
  first.searchParams.set('page', '2')
  first.searchParams.set('projectId', 'changed')
  const second = directoryUrl(portico, '/getWallets')
  expect(second).not.toBe(first)
  expect(second.searchParams.has('page')).toBe(false)
  expect(second.searchParams.get('projectId')).toBe('p')
})
