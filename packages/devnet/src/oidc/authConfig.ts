import type { SocialProviderConfig, SocialProviderName } from '@portico/auth'
import type { DevnetSocialProvider } from './server.js'

/**
 * The `social` option of `@portico/auth`'s `createAuthServer` for the devnet's providers: OpenID
 * Connect ones by issuer (discovery), OAuth 2 ones by endpoints with their user endpoint, each
 * with its client, scopes, client authentication and response mode as the real provider has them.
 *
 * @example
 * ```ts
 * const { social } = await startDevnet()
 * createAuthServer({ ...options, social: authSocialConfig(social.providers) })
 * ```
 */
export function authSocialConfig(
  providers: Readonly<Record<SocialProviderName, DevnetSocialProvider>>,
): Record<SocialProviderName, SocialProviderConfig> {
  const entries = Object.values(providers).map((provider): [SocialProviderName, SocialProviderConfig] => {
    const source = provider.username
    return [
      provider.name,
      {
        issuer: provider.issuer,
        ...(provider.protocol === 'oauth2'
          ? { authorizationEndpoint: provider.authorizationEndpoint, tokenEndpoint: provider.tokenEndpoint }
          : {}),
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        scope: provider.scope,
        tokenEndpointAuthMethod: provider.tokenEndpointAuthMethod,
        ...(provider.name === 'apple' ? { responseMode: 'form_post' as const } : {}),
        username:
          source.kind === 'id_token'
            ? { claim: source.claim }
            : {
                userEndpoint: new URL(source.path, provider.issuer).href,
                field: source.field,
                idField: source.field.startsWith('data.') ? 'data.id' : 'id',
              },
        allowInsecureRequests: true,
      },
    ]
  })
  return Object.fromEntries(entries) as Record<SocialProviderName, SocialProviderConfig>
}
