import { expect, inject, test } from 'vitest'
import { createPortico } from '../../kernel/createPortico.js'
import { startHttpServer, testNetworks } from '../../test/fixtures.js'
import { hostAdapter } from '../../test/hostConnector.js'
import { getNameSuggestions } from './getNameSuggestions.js'
import { nameSuggestionsQueryOptions } from './query.js'

const devnet = inject('devnet')
const portico = (url = devnet.apiUrl) =>
  createPortico({
    projectId: 'p',
    walletConnect: false,
    remoteConfig: false,
    networks: [testNetworks().devnet],
    adapters: [hostAdapter('eip155')],
    storage: null,
    apiUrls: { blockchain: url, api: url },
  })

test('default: the profile service’s suggestions in the default zone (.reown.id), each marked registered or free', async () => {
  const suggestions = await getNameSuggestions(portico(), { name: ' Alice ' })
  expect(suggestions[0]?.name).toBe('alice.reown.id')
  expect(suggestions.length).toBeGreaterThan(1)
  expect(suggestions.every((s) => s.name.endsWith('.reown.id') && typeof s.registered === 'boolean')).toBe(true)
})

test('parameters: suffix picks the zone; a typed suffix is dropped from the label; a held name is marked registered', async () => {
  const suggestions = await getNameSuggestions(portico(), { name: 'carol.reown.id', suffix: '.wcn.id' })
  expect(suggestions).toContainEqual({ name: 'carol.wcn.id', registered: true })
  expect(suggestions).toContainEqual({ name: 'carol1.wcn.id', registered: false })
  expect(suggestions.every((s) => s.name.endsWith('.wcn.id'))).toBe(true)
})

test('behavior: a label that breaks the rule is refused before the service is asked', async () => {
  await expect(getNameSuggestions(portico('http://127.0.0.1:1'), { name: 'bob' })).rejects.toMatchObject({
    name: 'NameSuggestionsError',
    details: expect.stringContaining('bob is not a valid name'),
  })
})

test('behavior: suggestions that are not names are left out; the query idles for a label too short', async () => {
  const server = await startHttpServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(
      JSON.stringify({
        suggestions: [
          { name: 'alice.reown.id', registered: false },
          { name: '<img src=x>.reown.id' },
          { name: 'ali.reown.id' },
          { name: 'alice.evil.com' },
        ],
      }),
    )
  })
  try {
    const p = portico(server.url)
    expect(await getNameSuggestions(p, { name: 'alice' })).toEqual([{ name: 'alice.reown.id', registered: false }])
    expect(nameSuggestionsQueryOptions(p, { name: 'ali' }).enabled).toBe(false)
    expect(nameSuggestionsQueryOptions(p, { name: 'Alice.wcn.id' }).queryKey).toEqual([
      'portico',
      'nameSuggestions',
      { label: 'alice', suffix: '.reown.id' },
    ])
  } finally {
    await server.close()
  }
})

test("behavior: a failing or hostile service is 'Error fetching name suggestions'", async () => {
  const answers: { status: number; body: string }[] = [
    { status: 500, body: '{}' },
    { status: 200, body: 'not json' },
    { status: 200, body: JSON.stringify({ suggestions: 'nope' }) },
  ]
  const server = await startHttpServer((_req, res) => {
    const answer = answers.shift() ?? { status: 500, body: '{}' }
    res.writeHead(answer.status, { 'content-type': 'application/json' })
    res.end(answer.body)
  })
  try {
    const p = portico(server.url)
    for (let i = 0; i < 3; i++)
      await expect(getNameSuggestions(p, { name: 'alice' })).rejects.toMatchObject({
        name: 'NameSuggestionsError',
        shortMessage: 'Error fetching name suggestions',
      })
    expect(answers).toEqual([])
  } finally {
    await server.close()
  }
})
