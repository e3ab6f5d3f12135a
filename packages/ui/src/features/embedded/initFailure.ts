import { useConnection, useDisconnect } from '@portico/headless'
import { useEffect, useRef } from 'react'
import { usePorticoUI } from '../../context.js'
import { useToasts } from '../../modal/toasts.js'
import type { EmbeddedText } from './messages.js'

/** Errors that mean the embedded wallet could not start (its frame never loaded, or it is not configured). */
export function isInitFailure(error: unknown): boolean {
  const name = (error as { name?: unknown } | null | undefined)?.name
  return name === 'EmbeddedWalletLoadError' || name === 'EmbeddedWalletNotConfiguredError'
}

/**
 * @internal
 * The spec's answer to an embedded wallet that cannot start: 'A problem occurred while trying
 * initialize authentication', then disconnect (when connected through it) and back to Connect.
 */
export function useInitFailure(error: unknown, text: EmbeddedText | undefined): boolean {
  const { modal } = usePorticoUI('useInitFailure')
  const toasts = useToasts()
  const connection = useConnection()
  const disconnect = useDisconnect()
  const failed = isInitFailure(error)
  const handled = useRef<unknown>(undefined)
  useEffect(() => {
    if (!failed || !text || handled.current === error) return
    handled.current = error
    toasts.show('error', text.initFailed)
    if (connection.connectorId === 'auth') disconnect.mutateAsync().finally(() => modal.open({ view: 'Connect' }))
    else modal.open({ view: 'Connect' })
  }, [failed, error, text, modal, toasts, connection.connectorId, disconnect.mutateAsync])
  return failed
}
