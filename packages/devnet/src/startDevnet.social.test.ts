// startDevnet's social-login providers and Sign In With Farcaster: started with the rest, each on
// its own port, the auth server's callbacks allowed, every port freed on stop.
import { createPublicClient, http } from 'viem'
import { describe, expect, test } from 'vitest'
import { farcasterIdRegistry, farcasterIdRegistryAbi, farcasterTestUsers } from './farcaster/registry.js'
import { startDevnet } from './startDevnet.js'
import { canBind } from './test-utils.js'

/** The authorization request's first answer: 303 to the login page, or an error page. */
async function authorize(issuer: string, authorizationEndpoint: string, clientId: string, redirectUri: string) {
  const url = new URL(authorizationEndpoint)
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid',
    state: 'state-1',
    nonce: 'nonce-1',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  }).toString()
  const response = await fetch(url, { redirect: 'manual' })
  const location = response.headers.get('location')
  return { status: response.status, location: location ? new URL(location, issuer).pathname : null }
}

describe('startDevnet: social login and Farcaster', () => {
  test('six providers and the Farcaster relay + app on their own ports; auth callbacks allowed; all freed on stop', async () => {
    const devnet = await startDevnet({ api: false, walletConnect: false })
    const ports = [
      ...Object.values(devnet.social.providers).map((p) => Number(new URL(p.issuer).port)),
      Number(new URL(devnet.farcaster.relayUrl).port),
      Number(new URL(devnet.farcaster.appUrl).port),
    ]
    try {
      expect(new Set(ports).size).toBe(8)
      for (const port of ports) expect(await canBind(port)).toBe(false)

      const google = devnet.social.providers.google
      const discovery = (await (await fetch(`${google.issuer}/.well-known/openid-configuration`)).json()) as Record<
        string,
        unknown
      >
      expect(discovery).toMatchObject({
        issuer: google.issuer,
        authorization_endpoint: google.authorizationEndpoint,
        token_endpoint: google.tokenEndpoint,
        jwks_uri: google.jwksUri,
        code_challenge_methods_supported: ['S256'],
      })
      // Any callback path on the devnet auth server's origin is accepted; another origin is not.
      const allowed = await authorize(
        google.issuer,
        google.authorizationEndpoint,
        google.clientId,
        `${devnet.auth.url}/v1/social/callback`,
      )
      expect(allowed).toMatchObject({ status: 303, location: expect.stringMatching(/^\/interaction\//) })
      const refused = await authorize(
        google.issuer,
        google.authorizationEndpoint,
        google.clientId,
        'http://127.0.0.1:9/callback',
      )
      expect(refused.status).toBe(400)

      const chain = createPublicClient({ transport: http(devnet.evm.rpcUrl) })
      const fid = await chain.readContract({
        address: farcasterIdRegistry,
        abi: farcasterIdRegistryAbi,
        functionName: 'idOf',
        args: [farcasterTestUsers[0]!.custody],
      })
      expect(fid).toBe(20001n)
      const channel = await fetch(`${devnet.farcaster.relayUrl}/v1/channel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ siweUri: 'http://127.0.0.1:5173/', domain: '127.0.0.1:5173' }),
      })
      expect(channel.status).toBe(201)
      expect(((await channel.json()) as { url: string }).url).toMatch(`${devnet.farcaster.appUrl}/~/siwf?channelToken=`)
    } finally {
      await devnet.stop()
    }
    for (const port of ports) expect(await canBind(port)).toBe(true)
  })

  test('social: false and farcaster: false start neither', async () => {
    const devnet = await startDevnet({ api: false, walletConnect: false, auth: false, social: false, farcaster: false })
    try {
      expect(devnet.social).toBeUndefined()
      expect(devnet.farcaster).toBeUndefined()
    } finally {
      await devnet.stop()
    }
  })
})
