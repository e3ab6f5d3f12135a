import { Icon } from '../components/Icon.js'
import { Spinner } from '../components/Spinner.js'
import * as css from './modal.css.js'
import { useToastState } from './toasts.js'

/** @internal One toast at a time (the spec); announced politely to screen readers. */
export function Toaster() {
  const { toast, leaving } = useToastState()
  return (
    <div className={css.toastRegion} role="status" aria-live="polite" data-slot="toast-region">
      {toast ? (
        <div
          key={toast.id}
          className={css.toast}
          data-variant={toast.variant}
          data-leaving={leaving}
          data-slot="toast"
          data-toast-id={toast.id}
        >
          {toast.variant === 'loading' ? (
            <Spinner size={16} />
          ) : (
            <Icon name={toast.variant === 'success' ? 'check' : 'warning'} size={18} />
          )}
          <span>{toast.message}</span>
        </div>
      ) : null}
    </div>
  )
}
