import { type Portico, usePortico } from '@portico/headless'
import {
  type FrameClient,
  type FrameClientEvent,
  getEmbeddedWallet,
  syncEmbeddedWalletTheme,
} from '@portico/headless/embedded'
import { useEffect } from 'react'
import { usePorticoUI } from '../../context.js'
import { useFeatureMessages } from '../../i18n/useFeatureMessages.js'
import type { ModalController } from '../../modal/controller.js'
import { createToasts } from '../../modal/toasts.js'
import { preloadView } from '../../modal/views.js'
import { type EmbeddedText, embeddedMessages } from './messages.js'

/** The spec: the 'Action not allowed' error shows 300 ms after a refused request opened the modal. */
export const notAllowedDelayMs = 300

/** The modal's watch: the frame it follows and the text it shows (the page's language, kept current). */
type Watch = { client: FrameClient; text: EmbeddedText }
const embeddedWatch = () => ({ current: undefined as Watch | undefined })

/**
 * @internal
 * Ties the secure frame's prompts to the modal, once per modal and frame (later calls only update
 * the text it uses):
 * - a prompt (approval) opens the modal on ApproveTransaction, where the frame is laid over the
 *   view (the modal claims the placement, so the frame's centred card is only the fallback);
 * - the prompt closing (approved, rejected, answered) closes the modal, or goes back when the
 *   modal was already open (the spec: success or error closes the modal or pops the stack);
 * - leaving the view while the prompt is up (closing the modal, going back) rejects the request;
 * - a method off the list opens the modal, rejects pending requests, and 300 ms later shows
 *   'Action not allowed'.
 */
export function watchEmbedded(portico: Portico, modal: ModalController, text: EmbeddedText): void {
  let client: FrameClient
  try {
    client = getEmbeddedWallet(portico).client
  } catch {
    return // Not configured: there is nothing to watch (the email views show the error).
  }
  const slot = modal.local(embeddedWatch)
  if (slot.current?.client === client) {
    slot.current.text = text
    return
  }
  const watch: Watch = { client, text }
  slot.current = watch
  client.claimPlacement()
  preloadView(modal.table, 'ApproveTransaction').catch(() => {})

  const top = () => modal.navigation.get().history.at(-1)?.view
  let openedByPrompt = false
  let leaving = false
  // The user left the approval while the frame still asks (closed the modal, went back, or the
  // host closed it): the request is rejected.
  modal.navigation.subscribe(() => {
    if (!leaving && client.prompt.visible && top() !== 'ApproveTransaction') client.abortRpc()
  })
  const onEvent = (event: FrameClientEvent) => {
    if (event.type === 'notAllowed') {
      if (!modal.isOpen()) modal.open()
      client.abortRpc()
      setTimeout(() => modal.local(createToasts).show('error', watch.text.actionNotAllowed), notAllowedDelayMs)
      return
    }
    const open = modal.isOpen()
    if (event.prompt.visible) {
      if (top() === 'ApproveTransaction' && open) return
      openedByPrompt = !open
      if (openedByPrompt) modal.open({ view: 'ApproveTransaction' })
      else modal.push({ view: 'ApproveTransaction' })
      return
    }
    if (top() !== 'ApproveTransaction' || !open) return
    leaving = true
    try {
      if (openedByPrompt) modal.close()
      else modal.back()
    } finally {
      leaving = false
    }
  }
  client.subscribe(onEvent)
  // The watch's code loads after the connection comes back (a lazy chunk), and a request can ask
  // for approval before that: a prompt already up is shown now, as if it had just opened.
  if (client.prompt.visible) onEvent({ type: 'prompt', prompt: client.prompt })
}

/**
 * @internal Starts {@link watchEmbedded} from a view once `enabled` (a login in progress, an
 * embedded connection), with the modal and the embedded text in the page's language.
 */
export function useWatchEmbedded(enabled: boolean): void {
  const { portico } = usePortico('useWatchEmbedded')
  const { modal } = usePorticoUI('useWatchEmbedded')
  const text = useFeatureMessages(embeddedMessages) ?? embeddedMessages.en
  useEffect(() => {
    if (enabled) watchEmbedded(portico, modal, text)
  }, [enabled, portico, modal, text])
  useSyncTheme(enabled, portico)
}

/**
 * @internal The spec's theme sync: the frame draws its prompts with the modal's resolved theme (its
 * mode and every `--portico-*` variable, the host's `themeVariables` and `theme` included), sent
 * whenever it changes while a view of the embedded wallet shows. Before the frame exists the theme
 * is kept and sent when it starts. The frame checks every value again.
 */
export function useSyncTheme(enabled: boolean, portico: Portico): void {
  const { mode, themeStyle } = usePorticoUI('useSyncTheme')
  useEffect(() => {
    if (!enabled) return
    const themeVariables: Record<string, string | number> = {}
    for (const [name, value] of Object.entries(themeStyle))
      if (typeof value === 'string' || typeof value === 'number') themeVariables[name] = value
    syncEmbeddedWalletTheme(portico, { themeMode: mode, themeVariables })
  }, [enabled, portico, mode, themeStyle])
}
