import type { Portico } from '../portico.js'
import { joinApiUrl } from './joinApiUrl.js'

// The two hosted APIs' URL builders: every call carries the project id, the SDK type (st) and
// the SDK version (sv) as query parameters (the spec).

/** @internal Query parameters every directory call carries (spec: projectId, a type and a version). */
export function directoryUrl(portico: Portico, path: string): URL {
  const url = joinApiUrl(portico.options.apiUrls.api, path)
  if (portico.options.projectId) url.searchParams.set('projectId', portico.options.projectId)
  url.searchParams.set('st', portico.options.sdkType)
  url.searchParams.set('sv', portico.options.sdkVersion)
  return url
}

/** @internal Every blockchain API call carries st, sv and projectId (the spec). */
export function blockchainApiUrl(portico: Portico, path: string): URL {
  const url = joinApiUrl(portico.options.apiUrls.blockchain, path)
  url.searchParams.set('projectId', portico.options.projectId ?? '')
  url.searchParams.set('st', portico.options.sdkType)
  url.searchParams.set('sv', portico.options.sdkVersion)
  return url
}
