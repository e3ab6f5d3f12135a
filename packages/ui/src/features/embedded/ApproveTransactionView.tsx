import { usePortico } from '@portico/headless'
import { type FrameClient, getEmbeddedWallet } from '@portico/headless/embedded'
import * as FocusScope from '@radix-ui/react-focus-scope'
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react'
import { Spinner } from '../../components/Spinner.js'
import * as views from '../../components/views.css.js'
import type { Catalogue } from '../../i18n/featureMessages.js'
import { useFeatureMessages } from '../../i18n/useFeatureMessages.js'
import { ViewLoading } from '../../modal/ViewLoading.js'
import type { FeatureTitle } from '../../modal/viewSlot.js'
import * as css from './embedded.css.js'
import { embeddedMessages } from './messages.js'
import { useSyncTheme } from './watchEmbedded.js'

/** How many frames focus may take to reach the secure frame (the dialog's focus trap learns of it a render later). */
const focusAttempts = 10

/**
 * @internal
 * The spec's ApproveTransaction view: while the secure frame asks the user to approve a request,
 * the frame (a document of the wallet's own origin, which draws the prompt and alone can approve)
 * is laid over this view's area. The page only positions it: nothing here can approve.
 */
export function ApproveTransactionView() {
  const text = useFeatureMessages(embeddedMessages)
  const { portico } = usePortico('ApproveTransactionView')
  useSyncTheme(true, portico)
  const client = useMemo<FrameClient | undefined>(() => {
    try {
      return getEmbeddedWallet(portico).client
    } catch {
      return undefined
    }
  }, [portico])
  const subscribe = useCallback((notify: () => void) => client?.subscribe(notify) ?? (() => {}), [client])
  const visible = useSyncExternalStore(
    subscribe,
    () => client?.prompt.visible ?? false,
    () => false,
  )
  // Focus inside the frame belongs to the dialog: without this its focus trap would pull it back.
  FocusScope.useFocusScopeBranch(client?.element ?? null)
  const area = useRef<HTMLDivElement>(null)
  const ready = Boolean(text)
  useEffect(() => {
    if (!client || !ready || !area.current) return
    return client.placeIn(area.current)
  }, [client, ready])
  useEffect(() => {
    if (!client || !visible || !ready) return
    let attempts = 0
    let frame = 0
    const focus = () => {
      client.element.focus()
      if (document.activeElement !== client.element && ++attempts < focusAttempts) frame = requestAnimationFrame(focus)
    }
    frame = requestAnimationFrame(focus)
    return () => cancelAnimationFrame(frame)
  }, [client, visible, ready])

  if (!text) return <ViewLoading />
  return (
    <div className={css.form} data-slot="approve-transaction" data-state={visible ? 'open' : 'waiting'}>
      <p className={views.muted}>{text.approveBody}</p>
      <div ref={area} className={css.frameArea} data-slot="approve-frame-area">
        {visible ? null : <Spinner size={28} label={text.approveWaiting} />}
      </div>
    </div>
  )
}

ApproveTransactionView.featureTitle = {
  messages: embeddedMessages,
  title: (text: Catalogue<typeof embeddedMessages.en>) => text.approveTitle,
} satisfies FeatureTitle
