import { useCallback, useEffect, useInsertionEffect, useRef, useState } from 'react'
import { createStore } from '../utils/store.js'
import { createNavigation } from './navigation.js'
import type { ViewEntry, ViewTable } from './viewRegistry.js'

/** Why the user left the current view: going back, or closing the modal. */
export type LeaveReason = 'back' | 'close'

/**
 * @internal
 * One `<PorticoUI>`'s modal, and the one place for its per-instance state: the history
 * (`navigation`), the open state as last committed (owned by React, see {@link useModalController}),
 * the element that opened it, and each feature's own state (`local`: a form, a connection attempt).
 * Views move it with `open`, `push`, `back` and `close`; code outside React (a feature watching
 * its own state machine) reads `isOpen()` and listens with `onLeave`.
 */
export function createModalController({ embedded, table }: { embedded: boolean; table: ViewTable }) {
  const navigation = createNavigation()
  let open = embedded
  let setOpen: (open: boolean) => void = () => {}
  /** The open state listeners last heard of (a commit, not a request). */
  const notified = createStore({ open })
  const leaveListeners = new Set<(reason: LeaveReason) => void>()
  const states = new Map<() => unknown, unknown>()
  const controller = {
    navigation,
    embedded,
    /** The features' views and watchers, composed at the top (`features/index.ts`): the shell imports no feature. */
    table,
    /** The element that opened the modal: closing gives focus back to it (a press keeps focus off the button). */
    trigger: undefined as HTMLElement | undefined,
    /** Whether the modal is open, as last committed. */
    isOpen: () => open,
    subscribeOpen: notified.subscribe,
    /** Opens on `entry`, or on the home view (a request to the host's `onOpenChange` when it owns `open`). */
    open(entry?: ViewEntry) {
      if (!open && typeof document !== 'undefined' && document.activeElement instanceof HTMLElement)
        controller.trigger = document.activeElement
      navigation.start(entry)
      setOpen(true)
    },
    /** Closes (embedded: goes home); what the user was doing in the view is given up first. */
    close() {
      for (const listener of [...leaveListeners]) listener('close')
      navigation.home()
      if (!embedded) setOpen(false)
    },
    push: navigation.push,
    replace: navigation.replace,
    /** Pops the current view, giving up what it was doing; at the first view, closes. */
    back() {
      for (const listener of [...leaveListeners]) listener('back')
      if (!navigation.back()) controller.close()
    },
    /** Calls `listener` when the user goes back or closes, before the history changes. */
    onLeave(listener: (reason: LeaveReason) => void): () => void {
      leaveListeners.add(listener)
      return () => {
        leaveListeners.delete(listener)
      }
    },
    /**
     * This modal's instance of a feature's state, made by `create` on first use (`create` is its
     * key: a module-level function). Two `<PorticoUI>` on a page never share a form.
     */
    local<value>(create: () => value): value {
      if (!states.has(create)) states.set(create, create())
      return states.get(create) as value
    },
    /** @internal {@link useModalController} hands over React's open state and its setter. */
    attach(committed: boolean, set: (open: boolean) => void) {
      open = committed
      setOpen = set
    },
    /** @internal After a commit of `committed`: listeners hear of a change, and a host's own close resets the history. */
    committed(committed: boolean) {
      open = committed
      if (notified.get().open === open) return
      if (!open) navigation.home()
      notified.set({ open })
    },
  }
  return controller
}

export type ModalController = ReturnType<typeof createModalController>

/**
 * @internal
 * The modal controller of a `<PorticoUI>`, with `open` held as React state the way a Radix
 * Dialog's is: controlled when the host passes `open` (requests go to `onOpenChange`), uncontrolled
 * otherwise (`onOpenChange` hears each change).
 *
 * @example
 * const [modal, open] = useModalController({ open: props.open, onOpenChange: props.onOpenChange, embedded, table: viewTable })
 */
export function useModalController({
  open: prop,
  onOpenChange,
  embedded,
  table,
}: {
  open: boolean | undefined
  onOpenChange: ((open: boolean) => void) | undefined
  embedded: boolean
  table: ViewTable
}) {
  const [controller] = useState(() => createModalController({ embedded, table }))
  const [open, setOpen] = useOpenState(prop, onOpenChange, embedded)
  // Before any effect below this provider runs: a child's mount effect may open the modal.
  useInsertionEffect(() => controller.attach(open, setOpen))
  useEffect(() => controller.committed(open), [controller, open])
  return [controller, open] as const
}

/**
 * Controlled or uncontrolled open state. Written here rather than taken from Radix's
 * `useControllableState` (which `radix-ui` uses for the same props): that package and the three
 * it imports would be the only Radix code at page start, where the provider holds this state
 * before the modal's chunk loads (`pageStart.test.ts` keeps Radix out of page start).
 */
function useOpenState(
  prop: boolean | undefined,
  onOpenChange: ((open: boolean) => void) | undefined,
  initial: boolean,
): [boolean, (open: boolean) => void] {
  const [own, setOwn] = useState(initial)
  const open = prop ?? own
  const latest = useRef({ open, prop, onOpenChange })
  useInsertionEffect(() => {
    latest.current = { open, prop, onOpenChange }
  })
  const setOpen = useCallback((next: boolean) => {
    const current = latest.current
    if (next === current.open) return
    if (current.prop === undefined) {
      setOwn(next)
      // A second request before the commit compares with this one.
      current.open = next
    }
    current.onOpenChange?.(next)
  }, [])
  return [open, setOpen]
}
