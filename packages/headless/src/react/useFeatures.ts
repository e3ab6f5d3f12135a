'use client'
import { useAtomValue } from 'jotai/react'
import { useEffect } from 'react'
import { fetchRemoteFeatures } from '../core/actions/fetchRemoteFeatures.js'
import { defaultFeatures, type Features } from '../core/config/defaults.js'
import { featuresAtom } from '../core/state/atoms.js'
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
  return useAtomValue(featuresAtom, { store: portico.store }) ?? defaultFeatures
}
