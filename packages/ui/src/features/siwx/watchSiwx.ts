import type { Portico } from '@portico/headless'
import { cancelSiwxSignIn, getSiwxState, type SiwxState, watchSiwxState } from '@portico/headless/siwx'
import type { createModalStore } from '../../state/modalStore.js'

type ModalStore = ReturnType<typeof createModalStore>
const view = 'SIWXSignMessage'

/**
 * @internal
 * Ties the sign-in flow to the modal (the spec): when the connected account has no session on
 * its network the modal opens on SIWXSignMessage; when the step ends (signed in, cancelled) the
 * view closes; closing the modal while it asks is a Cancel (so the required rule applies).
 * Loaded by `PorticoUI` only when the instance has a `siwx` option.
 */
export function watchSiwx(portico: Portico, store: ModalStore): () => void {
  const top = () => store.getState().history.at(-1)?.view
  const onState = (state: SiwxState) => {
    if (state.step === 'prompt' && top() !== view) store.open({ view })
    else if (state.step === 'idle' && store.getState().open && top() === view) {
      shown = false
      store.close()
    }
  }
  // Whether the sign view was on screen at the last store change. Closing the modal while the
  // step is open (close button, Escape, back from it) cancels; another view replacing it while
  // the modal stays open (a network switch that lands on Account) gives the step back its place.
  let shown = false
  const offStore = store.subscribe(() => {
    const { open } = store.getState()
    const showing = open && top() === view
    const wasShown = shown
    shown = showing
    if (!wasShown || showing) return
    const { step } = getSiwxState(portico)
    if (step !== 'prompt' && step !== 'failed') return
    if (open) store.open({ view })
    else void cancelSiwxSignIn(portico).catch(() => {})
  })
  const offState = watchSiwxState(portico, { onChange: onState })
  onState(getSiwxState(portico))
  return () => {
    offStore()
    offState()
  }
}
