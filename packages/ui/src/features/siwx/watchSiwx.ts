import { type Portico, usePortico } from '@portico/headless'
import { cancelSiwxSignInMutationOptions, getSiwxState, type SiwxState, watchSiwxState } from '@portico/headless/siwx'
import { type QueryClient, MutationObserver as QueryMutation } from '@tanstack/react-query'
import { useEffect } from 'react'
import { usePorticoUI } from '../../context.js'
import type { ModalController } from '../../modal/controller.js'

const view = 'SIWXSignMessage'

/**
 * @internal
 * Ties the sign-in flow to the modal (the spec): when the connected account has no session on
 * its network the modal opens on SIWXSignMessage; when the step ends (signed in, cancelled) the
 * view closes; closing the modal while it asks is a Cancel (so the required rule applies), and
 * another view replacing it while the modal stays open (a network switch that lands on Account)
 * gives the step back its place.
 */
export function watchSiwx(portico: Portico, modal: ModalController, queryClient: QueryClient): () => void {
  const top = () => modal.navigation.get().history.at(-1)?.view
  const asking = () => {
    const { step } = getSiwxState(portico)
    return step === 'prompt' || step === 'failed'
  }
  // A Cancel by closing is the same journey step as the view's Cancel button: the same mutation.
  const cancel = () =>
    void new QueryMutation(queryClient, cancelSiwxSignInMutationOptions(portico)).mutate().catch(() => {})
  const onState = (state: SiwxState) => {
    if (state.step === 'prompt' && top() !== view) modal.open({ view })
    else if (state.step === 'idle' && modal.isOpen() && top() === view) modal.close()
  }
  // The user closes the modal (close button, Escape, back from the first view) while the step asks.
  let closing = false
  const offLeave = modal.onLeave((reason) => {
    if (reason !== 'close' || top() !== view || !asking()) return
    closing = true
    cancel()
  })
  let shown = top() === view
  const offNavigation = modal.navigation.subscribe(() => {
    const wasShown = shown
    shown = top() === view
    if (closing) closing = false
    else if (wasShown && !shown && asking()) {
      // Still open: another view took the step's place. Closed by the host (its `open`): a Cancel.
      if (modal.isOpen()) modal.open({ view })
      else cancel()
    }
  })
  const offState = watchSiwxState(portico, { onChange: onState })
  onState(getSiwxState(portico))
  return () => {
    offLeave()
    offNavigation()
    offState()
  }
}

/** @internal The watch as a component, rendered beside the modal while the instance has a `siwx` option. */
export function SiwxWatch() {
  const { portico, queryClient } = usePortico('SiwxWatch')
  const { modal } = usePorticoUI('SiwxWatch')
  useEffect(() => watchSiwx(portico, modal, queryClient), [portico, modal, queryClient])
  return null
}
