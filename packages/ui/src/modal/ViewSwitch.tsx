import type { ViewEntry } from '../state/modalStore.js'
import { useView } from './loadModal.js'
import { ViewLoading } from './ViewLoading.js'

/** @internal The current view, or a spinner while its chunk loads (one chunk per view). */
export function ViewSwitch({ entry }: { entry: ViewEntry }) {
  const View = useView(entry.view)
  if (!View) return <ViewLoading />
  return <View {...entry} />
}
