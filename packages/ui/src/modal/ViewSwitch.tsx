import { Spinner } from '../components/Spinner.js'
import { usePorticoUI } from '../context.js'
import type { ViewEntry } from '../state/modalStore.js'
import { useView } from './loadModal.js'
import * as css from './modal.css.js'

/** @internal The current view, or a spinner while its chunk loads (one chunk per view). */
export function ViewSwitch({ entry }: { entry: ViewEntry }) {
  const { messages } = usePorticoUI('ViewSwitch')
  const View = useView(entry.view)
  if (!View)
    return (
      <div className={css.loading}>
        <Spinner size={28} label={messages.loading} />
      </div>
    )
  return <View {...entry} />
}
