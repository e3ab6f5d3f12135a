import { EmptyState } from '../components/EmptyState.js'
import { button } from '../components/primitives.css.js'
import * as views from '../components/views.css.js'
import { usePorticoUI } from '../context.js'
import { useFeatureMessages } from '../i18n/useFeatureMessages.js'
import { viewUnavailableMessages } from './unavailable/messages.js'
import { ViewLoading } from './ViewLoading.js'

/**
 * @internal The modal's state for a view whose code could not load (offline, a deploy that replaced
 * its chunk): it says so, and Try again fetches the code anew. The rest of the modal (Back, Close)
 * stays usable.
 */
export function ViewUnavailable({ onRetry }: { onRetry: () => void }) {
  const { messages } = usePorticoUI('ViewUnavailable')
  const text = useFeatureMessages(viewUnavailableMessages)
  if (!text) return <ViewLoading />
  return (
    <div className={views.center} role="alert" data-slot="view-unavailable">
      <EmptyState title={text.viewUnavailableTitle} body={text.viewUnavailableBody} />
      <button type="button" className={button({ variant: 'secondary', size: 'sm' })} onClick={onRetry}>
        {messages.tryAgain}
      </button>
    </div>
  )
}
