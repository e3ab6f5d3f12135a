import { Select } from 'radix-ui'
import { type ReactNode, useCallback, useId, useState } from 'react'
import * as s from './picker.css.js'

/** @internal One choice of a {@link Picker}. */
export type PickerOption = {
  /** What `onValueChange` receives. */
  value: string
  /** The text shown in the list and, once chosen, in the field (also what typeahead matches). */
  label: string
}

/**
 * @internal
 * The kit's dropdown field: a labelled Radix Select drawn with the theme's variables, in place of
 * a native `<select>` (whose list the browser draws in its own colours and font, unthemed and
 * clipped at the control's width). From the keyboard it opens with Enter, Space or the arrows,
 * the arrows and typing move, Enter chooses; Escape closes the list only (the list is the top
 * layer, so the modal's own Escape handler leaves it be). Long labels wrap, never clipped.
 *
 * The list is placed inside the dialog's box and kept within it: outside it, it would be a
 * sibling that the dialog's focus trap and `aria-hidden` of the page do not know about.
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
  /** `data-slot` of the field's button (tests and host styles find it by this). */
  slot: string
  /** Class of the field (label above button), e.g. how it shares a row. */
  className?: string | undefined
}) {
  const id = useId()
  // Where the list goes, found from the button once it is in the page: the dialog's box, else the
  // themed root of an inline modal. Both carry the `--portico-*` variables the list is styled with.
  const [box, setBox] = useState<HTMLElement | null>(null)
  const trigger = useCallback((node: HTMLButtonElement | null) => {
    setBox(
      node?.closest<HTMLElement>('[data-slot="modal-content"]') ?? node?.closest<HTMLElement>('[data-portico]') ?? null,
    )
  }, [])
  return (
    <div className={className ? `${s.field} ${className}` : s.field}>
      <label id={`${id}-label`} htmlFor={`${id}-button`} className={s.label}>
        {label}
      </label>
      <Select.Root value={value ?? ''} onValueChange={onValueChange}>
        <Select.Trigger ref={trigger} id={`${id}-button`} className={s.trigger} data-slot={slot}>
          <span className={s.value}>
            <Select.Value />
          </span>
          <Select.Icon className={s.icon}>
            <svg aria-hidden="true" width={16} height={16} viewBox="0 0 20 20" fill="none" stroke="currentColor">
              <path d="M5 7.5l5 5 5-5" strokeWidth={1.6} strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </Select.Icon>
        </Select.Trigger>
        <PickerList container={box} labelId={`${id}-label`} slot={slot} options={options} />
      </Select.Root>
    </div>
  )
}

function PickerList({
  container,
  labelId,
  slot,
  options,
}: {
  container: HTMLElement | null
  labelId: string
  slot: string
  options: readonly PickerOption[]
}) {
  return (
    <Select.Portal container={container}>
      <Select.Content
        position="popper"
        sideOffset={4}
        collisionBoundary={container}
        collisionPadding={8}
        className={s.content}
        aria-labelledby={labelId}
        data-slot={`${slot}-list`}
      >
        <Select.Viewport className={s.viewport}>
          {options.map((option) => (
            <Select.Item key={option.value} value={option.value} className={s.item} textValue={option.label}>
              <Select.ItemText>{option.label}</Select.ItemText>
              <Select.ItemIndicator className={s.indicator}>
                <svg aria-hidden="true" width={16} height={16} viewBox="0 0 20 20" fill="none" stroke="currentColor">
                  <path d="M4 10.5l4 4 8-9" strokeWidth={1.6} strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </Select.ItemIndicator>
            </Select.Item>
          ))}
        </Select.Viewport>
      </Select.Content>
    </Select.Portal>
  )
}
