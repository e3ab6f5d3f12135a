import { Spinner } from '../components/Spinner.js'
import { usePorticoUI } from '../context.js'
import * as css from './modal.css.js'

/**
 * @internal The modal's loading state: a view's chunk, or its messages in the page's language,
 * are on their way. Busy, and pending (`PartPending`'s marker): the view is not there yet, so the
 * modal is not whole (`isModalSettled`).
 */
export function ViewLoading() {
  const { messages } = usePorticoUI('ViewLoading')
  return (
    <div className={css.loading} aria-busy="true" data-pending="">
      <Spinner size={28} label={messages.loading} />
    </div>
  )
}
