// socialName: the brand name the Account view's "Logged in with {provider}" line shows for the
// provider the secure frame reports (`user.socialProvider`, any string the auth server sent). The
// row itself is rendered in EmbeddedAccountRow.browser.test.tsx.
import { expect, test } from 'vitest'
import { embeddedMessages } from './messages.js'
import { socialName, socialNames } from './socialNames.js'

test('behavior: each provider of the kit reads as its brand, with its own capitals', () => {
  expect(socialName('google')).toBe('Google')
  expect(socialName('x')).toBe('X')
  expect(socialName('farcaster')).toBe('Farcaster')
  expect(socialName('discord')).toBe('Discord')
  expect(socialName('apple')).toBe('Apple')
  expect(socialName('github')).toBe('GitHub')
  expect(socialName('facebook')).toBe('Facebook')
  // Every entry of the table is reached by its key, and none is left out.
  for (const [provider, name] of Object.entries(socialNames)) expect(socialName(provider)).toBe(name)
  expect(Object.keys(socialNames).sort()).toEqual([
    'apple',
    'discord',
    'facebook',
    'farcaster',
    'github',
    'google',
    'x',
  ])
})

test('edge: a provider the table lacks (a newer auth server) shows as it came, not blank', () => {
  expect(socialName('twitch')).toBe('twitch')
  expect(socialName('')).toBe('')
})

test('edge: the lookup is by exact key: another case is not taken for a known brand', () => {
  expect(socialName('Google')).toBe('Google')
  expect(socialName('GITHUB')).toBe('GITHUB')
  expect(socialName('google ')).toBe('google ')
})

test('behavior: the brand goes into the translated line unchanged (a brand is the same in every language)', () => {
  expect(embeddedMessages.en.accountSocial(socialName('github'))).toBe('Logged in with GitHub')
})

// A provider string from the auth server (any string) named like an Object.prototype member must
// not find that member (the Account view read "Logged in with function Object() { [native code] }").
test('edge: a provider named like an Object member still shows as it came, as a string', () => {
  for (const provider of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
    expect(typeof socialName(provider)).toBe('string')
    expect(socialName(provider)).toBe(provider)
  }
})
