// The static description of the six devnet social providers: the invariants the server and the
// auth server rely on (one profile and two or more users per name, a login that names one user,
// OpenID Connect vs OAuth 2 consistent with where the username is read, distinct routes). The
// providers at work over HTTP are in server.test.ts and social.test.ts.
import { describe, expect, test } from 'vitest'
import {
  devnetSocialClient,
  socialProviderNames,
  socialProviderProfiles,
  socialTestPassword,
  socialTestUsers,
} from './providers.js'

describe('devnet social providers', () => {
  test('default: the six names of the spec, each with its profile and test users under the same name', () => {
    expect([...socialProviderNames].sort()).toEqual(['apple', 'discord', 'facebook', 'github', 'google', 'x'])
    expect(Object.keys(socialProviderProfiles).sort()).toEqual([...socialProviderNames].sort())
    expect(Object.keys(socialTestUsers).sort()).toEqual([...socialProviderNames].sort())
    for (const name of socialProviderNames) expect(socialProviderProfiles[name].name).toBe(name)
  })

  test('security: a login (username or email, any case) names exactly one test user of a provider', () => {
    for (const name of socialProviderNames) {
      const users = socialTestUsers[name]
      expect(users.length, name).toBeGreaterThanOrEqual(2)
      expect(new Set(users.map((u) => u.id)).size, name).toBe(users.length)
      for (const user of users) {
        for (const login of [user.username, user.email]) {
          const matches = users.filter(
            (u) => u.username.toLowerCase() === login.toLowerCase() || u.email.toLowerCase() === login.toLowerCase(),
          )
          expect(matches, `${name} ${login}`).toEqual([user])
        }
      }
    }
  })

  test('behavior: OpenID Connect providers ask for openid and read an id-token claim; OAuth 2 ones a user endpoint', () => {
    for (const profile of Object.values(socialProviderProfiles)) {
      const scopes = profile.scope.split(' ')
      if (profile.protocol === 'openid-connect') {
        expect(scopes, profile.name).toContain('openid')
        expect(profile.username, profile.name).toEqual({ kind: 'id_token', claim: 'email' })
      } else {
        expect(scopes, profile.name).not.toContain('openid')
        expect(profile.username.kind, profile.name).toBe('user_endpoint')
      }
    }
    expect(socialProviderNames.filter((n) => socialProviderProfiles[n].protocol === 'openid-connect')).toEqual([
      'google',
      'apple',
    ])
  })

  test('edge: every route of a provider is its own absolute path; a user endpoint is none of them', () => {
    for (const profile of Object.values(socialProviderProfiles)) {
      const routes = Object.values(profile.routes)
      expect(new Set(routes).size, profile.name).toBe(routes.length)
      for (const route of routes) expect(route, profile.name).toMatch(/^\/[^?#]*$/)
      if (profile.username.kind === 'user_endpoint') {
        const path = new URL(profile.username.path, 'http://127.0.0.1').pathname
        expect(routes, profile.name).not.toContain(path)
      }
    }
  })

  test('behavior: X authenticates its client with HTTP Basic, the others in the body, as the real ones document', () => {
    expect(
      Object.fromEntries(socialProviderNames.map((n) => [n, socialProviderProfiles[n].tokenEndpointAuthMethod])),
    ).toEqual({
      google: 'client_secret_post',
      github: 'client_secret_post',
      apple: 'client_secret_post',
      facebook: 'client_secret_post',
      x: 'client_secret_basic',
      discord: 'client_secret_post',
    })
  })

  test('behavior: each provider has its own devnet client id and secret; the test password is fixed', () => {
    const clients = socialProviderNames.map(devnetSocialClient)
    expect(clients[0]).toEqual({ clientId: 'portico-devnet-google', clientSecret: 'devnet-secret-google' })
    expect(new Set(clients.map((c) => c.clientId)).size).toBe(6)
    expect(new Set(clients.map((c) => c.clientSecret)).size).toBe(6)
    expect(socialTestPassword).toBe('devnet-password')
  })

  test('edge: Apple has a private-relay user; every user id fits the avatar route ([0-9.a-f])', () => {
    expect(socialTestUsers.apple.some((u) => u.email.endsWith('@privaterelay.appleid.com'))).toBe(true)
    for (const name of socialProviderNames)
      for (const user of socialTestUsers[name]) expect(user.id, `${name} ${user.id}`).toMatch(/^[0-9.a-f]+$/)
  })
})
