import { createStore } from '../../utils/store.js'

/** A registration's failure as the form keeps it: the headless error's name and reason. */
export type RegisterFailure = { name: string; reason?: string | undefined }

export type RegisterFormState = {
  /** What the user typed in the name field. */
  typed: string
  /** `pending` while the wallet signs and the service stores the name. */
  status: 'idle' | 'pending' | 'failed'
  /** The name being (or last) registered, with its suffix. */
  name?: string | undefined
  error?: RegisterFailure | undefined
}

/**
 * @internal
 * RegisterAccountName's form, per modal (`modal.local(createRegisterForm)`). It outlives the view:
 * an embedded wallet's approval shows ApproveTransaction over it, which unmounts the form while the
 * registration goes on, and the form must come back as it was (the text typed, the pending state,
 * then the failure) when the modal goes back to it.
 *
 * @example
 * const form = modal.local(createRegisterForm)
 * form.start('alice.reown.id')
 * form.fail({ name: 'NameRegistrationError', reason: 'taken' })
 */
export function createRegisterForm() {
  const store = createStore<RegisterFormState>({ typed: '', status: 'idle' })
  return {
    get: store.get,
    subscribe: store.subscribe,
    /** A new text clears a failure shown for the previous one. */
    type(typed: string) {
      const { status } = store.get()
      store.set(status === 'failed' ? { typed, status: 'idle', error: undefined } : { typed })
    },
    start(name: string) {
      store.set({ status: 'pending', name, error: undefined })
    },
    fail(error: unknown) {
      const failure = error as { name?: unknown; reason?: unknown } | null
      store.set({
        status: 'failed',
        error: {
          name: typeof failure?.name === 'string' ? failure.name : 'Error',
          reason: typeof failure?.reason === 'string' ? failure.reason : undefined,
        },
      })
    },
    /** Registered: the next visit starts from an empty field. */
    done() {
      store.set({ typed: '', status: 'idle', name: undefined, error: undefined })
    },
  }
}

export type RegisterForm = ReturnType<typeof createRegisterForm>

/** The part of the modal's history the success step reads and moves. */
type History = {
  navigation: {
    get(): { history: readonly { view: string }[] }
    subscribe(listener: () => void): () => void
  }
  isOpen(): boolean
  replace(entry: { view: 'RegisterAccountNameSuccess'; data: { name: string } }): void
}

/**
 * @internal
 * Shows RegisterAccountNameSuccess in place of RegisterAccountName once a registration succeeded
 * (spec). An approval the wallet showed over the form (ApproveTransaction) may still be on top: the
 * success waits until the modal is back on the form. A closed modal, or a user gone elsewhere, is
 * left alone.
 *
 * @example
 * showSuccessOnForm(modal, 'alice.reown.id')
 */
export function showSuccessOnForm(modal: History, name: string): void {
  const top = () => modal.navigation.get().history.at(-1)?.view
  const show = () => modal.replace({ view: 'RegisterAccountNameSuccess', data: { name } })
  if (!modal.isOpen()) return
  if (top() === 'RegisterAccountName') {
    show()
    return
  }
  if (top() !== 'ApproveTransaction') return
  const stop = modal.navigation.subscribe(() => {
    const now = top()
    if (now === 'ApproveTransaction') return
    stop()
    if (now === 'RegisterAccountName' && modal.isOpen()) show()
  })
}
