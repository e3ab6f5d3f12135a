import * as DismissableLayer from '@radix-ui/react-dismissable-layer'
import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import { createPortal } from 'react-dom'
import * as s from './picker.css.js'

/** @internal One choice of a {@link Picker}. */
export type PickerOption = {
  /** What `onValueChange` receives. */
  value: string
  /** The text shown in the list and, once chosen, in the field (also what typing matches). */
  label: string
}

/** Keys that open the closed list from the field (as a native select's). */
const openKeys = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp'])
/** Typed letters within this long of each other search as one word ("eu" -> EUR). */
const typeaheadMs = 800

/**
 * @internal
 * The kit's dropdown field, in place of a native `<select>` (whose list the browser draws in its
 * own colours and font, unthemed, and clips at the control's width): a select-only combobox (WAI
 * ARIA's pattern). Focus stays on the field while the list is open; the active option is its
 * `aria-activedescendant`. Enter, Space or the arrows open it; the arrows, Home, End and typed
 * letters move; Enter or Space chooses; Escape closes the list only, as the list is a Radix
 * DismissableLayer above the modal's. Long labels wrap, never clipped.
 *
 * Built on the layer the modal already loads rather than Radix Select: Select brings Popper and
 * floating-ui, Collection and react-remove-scroll, and as `radix-ui/internal` re-exports them, a
 * host's esbuild then ties them to the Modal chunk too (measured: Modal 25 -> 43 KiB gzip).
 *
 * The list is placed in the dialog's box and kept inside it (flipped above the field when there is
 * more room there), so the dialog's focus trap, outside-press handling and `aria-hidden` of the
 * page treat it as part of the dialog.
 *
 * @example
 * <Picker label="Currency" value={fiat} options={[{ value: 'USD', label: 'USD' }]} onValueChange={setFiat} slot="onramp-fiat" />
 */
export function Picker({
  label,
  value,
  options,
  onValueChange,
  slot,
  className,
}: {
  label: ReactNode
  value: string | undefined
  options: readonly PickerOption[]
  onValueChange: (value: string) => void
  /** `data-slot` of the field's button (tests and host styles find it by this); the list's is `<slot>-list`. */
  slot: string
  /** Class of the field (label above button), e.g. how it shares a row. */
  className?: string | undefined
}) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const trigger = useRef<HTMLButtonElement>(null)
  const typed = useRef({ text: '', at: 0 })
  const chosen = options.findIndex((o) => o.value === value)
  const optionId = (index: number) => `${id}-option-${index}`

  const show = () => {
    setActive(Math.max(chosen, 0))
    setOpen(true)
  }
  const choose = (index: number) => {
    const option = options[index]
    setOpen(false)
    trigger.current?.focus()
    if (option && option.value !== value) onValueChange(option.value)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return
    if (!open) {
      if (!openKeys.has(event.key)) return
      event.preventDefault()
      show()
      return
    }
    const last = options.length - 1
    if (event.key === 'ArrowDown') setActive((i) => Math.min(i + 1, last))
    else if (event.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0))
    else if (event.key === 'Home' || event.key === 'PageUp') setActive(0)
    else if (event.key === 'End' || event.key === 'PageDown') setActive(last)
    // Space chooses, except inside a typed search (then it is part of the text, as in a native select).
    else if (
      event.key === 'Enter' ||
      (event.key === ' ' && (typed.current.text === '' || event.timeStamp - typed.current.at >= typeaheadMs))
    )
      choose(active)
    else if (event.key === 'Tab') {
      // Focus moves on as usual; the list closes without choosing.
      setOpen(false)
      return
    } else if (event.key.length === 1) {
      const now = event.timeStamp
      const text = now - typed.current.at < typeaheadMs ? typed.current.text + event.key : event.key
      typed.current = { text, at: now }
      const match = options.findIndex((o) => o.label.toLowerCase().startsWith(text.toLowerCase()))
      if (match >= 0) setActive(match)
    } else return
    event.preventDefault()
  }

  // Where the list goes: the dialog's box, else the themed root of an inline modal. Both carry
  // the `--portico-*` variables the list is styled with.
  const box = () =>
    trigger.current?.closest<HTMLElement>('[data-slot="modal-content"]') ??
    trigger.current?.closest<HTMLElement>('[data-portico]') ??
    null
  const container = open ? box() : null

  return (
    <div className={className ? `${s.field} ${className}` : s.field}>
      <label id={`${id}-label`} htmlFor={`${id}-button`} className={s.label}>
        {label}
      </label>
      <button
        ref={trigger}
        id={`${id}-button`}
        type="button"
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? `${id}-list` : undefined}
        aria-labelledby={`${id}-label`}
        aria-activedescendant={open && options[active] ? optionId(active) : undefined}
        className={s.trigger}
        data-state={open ? 'open' : 'closed'}
        data-slot={slot}
        onKeyDown={onKeyDown}
        // A press toggles; a click the keyboard made (Enter, Space: `detail` 0) was handled on keydown.
        onClick={(event) => (event.detail === 0 ? undefined : open ? setOpen(false) : show())}
      >
        <span className={s.value}>{options[chosen]?.label ?? ''}</span>
        <svg className={s.icon} aria-hidden="true" width={16} height={16} viewBox="0 0 20 20" fill="none">
          <path
            d="M5 7.5l5 5 5-5"
            stroke="currentColor"
            strokeWidth={1.6}
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      {container
        ? createPortal(
            <PickerList
              id={id}
              slot={slot}
              options={options}
              value={value}
              active={active}
              optionId={optionId}
              trigger={trigger}
              container={container}
              onActive={setActive}
              onChoose={choose}
              onClose={() => setOpen(false)}
            />,
            container,
          )
        : null}
    </div>
  )
}

function PickerList({
  id,
  slot,
  options,
  value,
  active,
  optionId,
  trigger,
  container,
  onActive,
  onChoose,
  onClose,
}: {
  id: string
  slot: string
  options: readonly PickerOption[]
  value: string | undefined
  active: number
  optionId: (index: number) => string
  trigger: RefObject<HTMLButtonElement | null>
  container: HTMLElement
  onActive: (index: number) => void
  onChoose: (index: number) => void
  onClose: () => void
}) {
  const list = useRef<HTMLDivElement>(null)

  // Below the field, or above it when there is more room there, within the box; fixed, and
  // measured from where `top: 0; left: 0` lands, so a transformed box (the centred dialog) that
  // becomes the list's containing block is accounted for.
  const place = useCallback(() => {
    const node = list.current
    const field = trigger.current
    if (!node || !field) return
    const gap = 4
    const margin = 8
    const f = field.getBoundingClientRect()
    const b = container.getBoundingClientRect()
    Object.assign(node.style, { top: '0px', left: '0px', width: `${f.width}px`, maxHeight: '' })
    const origin = node.getBoundingClientRect()
    const below = b.bottom - margin - (f.bottom + gap)
    const above = f.top - gap - (b.top + margin)
    const down = node.scrollHeight <= below || below >= above
    const room = Math.max(down ? below : above, 0)
    const height = Math.min(node.scrollHeight, room)
    const top = down ? f.bottom + gap : f.top - gap - height
    Object.assign(node.style, {
      top: `${top - origin.top}px`,
      left: `${f.left - origin.left}px`,
      maxHeight: `${room}px`,
    })
  }, [container, trigger])

  useLayoutEffect(() => {
    place()
    window.addEventListener('resize', place)
    // The dialog's body scrolling moves the field: the list follows.
    window.addEventListener('scroll', place, true)
    return () => {
      window.removeEventListener('resize', place)
      window.removeEventListener('scroll', place, true)
    }
  }, [place])

  // The active option kept in view inside the list (the list only: never the page).
  useLayoutEffect(() => {
    const node = list.current
    const option = node?.querySelector<HTMLElement>(`[id="${optionId(active)}"]`)
    if (!node || !option) return
    if (option.offsetTop < node.scrollTop) node.scrollTop = option.offsetTop
    else if (option.offsetTop + option.offsetHeight > node.scrollTop + node.clientHeight)
      node.scrollTop = option.offsetTop + option.offsetHeight - node.clientHeight
  }, [active, optionId])

  return (
    <DismissableLayer.Root
      asChild
      onDismiss={onClose}
      // A press on the field toggles the list itself (its click), focus stays on the field.
      onPointerDownOutside={(event) => {
        if (trigger.current?.contains(event.target as Node)) event.preventDefault()
      }}
      onFocusOutside={(event) => {
        if (trigger.current?.contains(event.target as Node)) event.preventDefault()
      }}
    >
      <div
        ref={list}
        id={`${id}-list`}
        role="listbox"
        aria-labelledby={`${id}-label`}
        className={s.content}
        data-slot={`${slot}-list`}
      >
        {options.map((option, index) => (
          // Options are reached from the focused field (its aria-activedescendant), whose keydown
          // handles the keys: they take no focus and need no key handler of their own.
          // biome-ignore lint/a11y/useFocusableInteractive: see above
          // biome-ignore lint/a11y/useKeyWithClickEvents: see above
          <div
            key={option.value}
            id={optionId(index)}
            role="option"
            aria-selected={option.value === value}
            data-highlighted={index === active ? '' : undefined}
            className={s.item}
            // Focus stays on the field (the combobox) when an option is pressed.
            onPointerDown={(event) => event.preventDefault()}
            onPointerMove={() => index !== active && onActive(index)}
            onClick={() => onChoose(index)}
          >
            <span className={s.itemText}>{option.label}</span>
            {option.value === value ? (
              <svg className={s.indicator} aria-hidden="true" width={16} height={16} viewBox="0 0 20 20" fill="none">
                <path
                  d="M4 10.5l4 4 8-9"
                  stroke="currentColor"
                  strokeWidth={1.6}
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            ) : null}
          </div>
        ))}
      </div>
    </DismissableLayer.Root>
  )
}
