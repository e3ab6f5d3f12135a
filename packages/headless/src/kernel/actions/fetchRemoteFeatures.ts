import { hostedFetch } from '../api/http.js'
import { joinApiUrl } from '../api/joinApiUrl.js'
import { defaultFeatures, defaultSocials, type Features, remoteFeatureKeys } from '../defaults.js'
import type { Portico } from '../portico.js'
import { featuresAtom, remoteConfigStatusAtom } from '../state/atoms.js'
import * as c from '../utils/check.js'
import { lazy } from '../utils/lazy.js'

export type FetchRemoteFeaturesReturnType = Features

// The hosted configuration lists features by id; both its snake_case ids and our flag names are
// understood so a self-hosted service may use either.
const featureIds: Record<string, (typeof remoteFeatureKeys)[number]> = {
  email: 'email',
  email_login: 'email',
  socials: 'socials',
  social_login: 'socials',
  swaps: 'swaps',
  swap: 'swaps',
  onramp: 'onramp',
  activity: 'activity',
  reownBranding: 'reownBranding',
  reown_branding: 'reownBranding',
  multiWallet: 'multiWallet',
  multi_wallet: 'multiWallet',
}

/**
 * @internal Response of `GET /appkit/v1/config`. Unknown feature ids are ignored, not errors. Built
 * on the first response, not at import (this module is on the page-start path).
 */
export const remoteConfigSchema = lazy(() =>
  c.object({
    features: c.array(c.object({ id: c.string(), isEnabled: c.boolean(), config: c.unknown() })),
  }),
)

/**
 * Loads the remote project configuration (`GET {api}/appkit/v1/config`) once and applies its
 * feature flags. When it loads, local settings of remote-configurable flags are ignored (info alert
 * 'Local configuration ignored') unless the instance was created with `keepLocalFeatures: true`.
 * When it cannot be fetched or is malformed, local or default values stay in force; 429 raises
 * 'Rate Limited', 5xx 'Server Error loading app configuration', 401/403 'Invalid Project ID'.
 * Never throws. Not called at start-up: the Connect view needs it, the connect button does not.
 *
 * @example
 * const features = await fetchRemoteFeatures(portico)
 * if (features.email) showEmailLogin()
 */
export function fetchRemoteFeatures(portico: Portico): Promise<FetchRemoteFeaturesReturnType> {
  portico._internal.remoteConfig ??= load(portico)
  return portico._internal.remoteConfig.then(() => portico.store.get(featuresAtom) ?? defaultFeatures)
}

async function load(portico: Portico): Promise<void> {
  const { store, options } = portico
  if (!options.remoteConfig || !options.projectId) {
    store.set(remoteConfigStatusAtom, 'failed')
    return
  }
  store.set(remoteConfigStatusAtom, 'loading')
  const url = joinApiUrl(options.apiUrls.api, '/appkit/v1/config')
  url.searchParams.set('projectId', options.projectId)
  url.searchParams.set('st', options.sdkType)
  url.searchParams.set('sv', options.sdkVersion)
  let remote: Partial<Features>
  try {
    const response = await hostedFetch(portico, url)
    if (!response.ok) {
      if (response.status === 429) portico.alerts.emit('RATE_LIMITED')
      else if (response.status >= 500) portico.alerts.emit('SERVER_ERROR', { details: `HTTP ${response.status}` })
      else if (response.status === 401 || response.status === 403) portico.alerts.emit('INVALID_PROJECT_ID')
      throw new Error(`HTTP ${response.status}`)
    }
    remote = toFeatures(remoteConfigSchema().parse(await response.json()))
  } catch (error) {
    console.warn('[portico] Remote configuration unavailable; local settings apply.', error)
    store.set(remoteConfigStatusAtom, 'failed')
    return
  }
  const local = options.localFeatures ?? {}
  const overridden = remoteFeatureKeys.filter((key) => key in local && key in remote)
  if (options.keepLocalFeatures) {
    store.set(featuresAtom, { ...defaultFeatures, ...remote, ...local })
  } else {
    store.set(featuresAtom, { ...defaultFeatures, ...local, ...remote })
    if (overridden.length) portico.alerts.emit('LOCAL_CONFIGURATION_IGNORED', { details: overridden.join(', ') })
  }
  store.set(remoteConfigStatusAtom, 'loaded')
}

function toFeatures({ features }: c.Infer<ReturnType<typeof remoteConfigSchema>>): Partial<Features> {
  const out: Partial<Record<string, unknown>> = {}
  for (const { id, isEnabled, config } of features) {
    const key = featureIds[id]
    if (!key) continue
    if (key === 'socials') {
      const list = Array.isArray(config) ? config.filter((s): s is string => typeof s === 'string') : []
      // The hosted service lists email among the social methods.
      if (id === 'social_login' && list.includes('email')) out.email = isEnabled
      const socials = list.filter((s) => (defaultSocials as readonly string[]).includes(s))
      out.socials = isEnabled ? (socials.length ? socials : defaultSocials) : false
    } else out[key] = isEnabled
  }
  return out as Partial<Features>
}
