import { Icon } from '../../components/Icon.js'
import { button } from '../../components/primitives.css.js'
import * as views from '../../components/views.css.js'
import { usePorticoUI } from '../../context.js'

/**
 * @internal
 * The rejected / failed part of a connecting view (installed wallet or WalletConnect): what
 * happened, and a retry that starts over.
 */
export function ConnectionFailed({ state, onRetry }: { state: 'rejected' | 'error'; onRetry: () => void }) {
  const { messages } = usePorticoUI('ConnectionFailed')
  return (
    <>
      <p className={`${views.headline} ${views.danger}`}>
        {state === 'rejected' ? messages.connectionRejected : messages.connectionFailed}
      </p>
      <p className={views.muted}>
        {state === 'rejected' ? messages.connectionRejectedBody : messages.connectionFailedBody}
      </p>
      <button
        type="button"
        className={button({ variant: 'secondary', size: 'md' })}
        onClick={onRetry}
        data-slot="retry"
      >
        <Icon name="back" size={16} style={{ transform: 'rotate(180deg)' }} />
        {messages.tryAgain}
      </button>
    </>
  )
}
