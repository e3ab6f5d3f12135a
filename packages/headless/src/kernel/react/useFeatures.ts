'use client'
import { useEffect } from 'react'
import { fetchRemoteFeatures } from '../actions/fetchRemoteFeatures.js'
import { getFeatures } from '../actions/getFeatures.js'
import { watchFeatures } from '../actions/watchFeatures.js'
import type { Features } from '../defaults.js'
import { useCoreState } from './useCoreState.js'
import { usePortico } from './usePortico.js'

/**
 * The effective feature flags. With `{ remote: true }` the remote project configuration is
 * loaded (once) when the component mounts, e.g. in the Connect view, not at page start.
 *
 * @example
 * const { email, socials } = useFeatures({ remote: true })
 */
export function useFeatures({ remote = false }: { remote?: boolean } = {}): Features {
  const { portico } = usePortico('useFeatures')
  useEffect(() => {
    if (remote) void fetchRemoteFeatures(portico)
  }, [portico, remote])
  return useCoreState(
    (onChange) => watchFeatures(portico, { onChange }),
    () => getFeatures(portico),
    [portico],
  )
}
