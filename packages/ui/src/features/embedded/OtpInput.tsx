import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react'
import * as css from './embedded.css.js'
import type { EmbeddedText } from './messages.js'

/** The spec's one-time codes: 6 digits. */
export const otpLength = 6

/**
 * @internal
 * A one-time code as six one-digit boxes: typing moves on, Backspace and the arrow keys move back
 * and forth, and a pasted (or autofilled) code fills every box, keeping its digits only. `onComplete`
 * runs once all six are filled; `invalid` marks the boxes after a refused code (and clears them).
 */
export function OtpInput({
  text,
  disabled,
  invalid,
  onComplete,
  describedBy,
}: {
  text: EmbeddedText
  disabled?: boolean | undefined
  invalid?: boolean | undefined
  onComplete(code: string): void
  describedBy?: string | undefined
}) {
  const [digits, setDigits] = useState<string[]>(() => Array(otpLength).fill(''))
  const boxes = useRef<(HTMLInputElement | null)[]>([])
  const focus = (index: number) => boxes.current[Math.max(0, Math.min(otpLength - 1, index))]?.focus()

  // A refused code is cleared so the next one can be typed from the first box.
  useEffect(() => {
    if (!invalid) return
    setDigits(Array(otpLength).fill(''))
    boxes.current[0]?.focus()
  }, [invalid])

  const fill = (from: number, typed: string) => {
    const incoming = typed.replace(/\D/g, '')
    if (!incoming) return
    const next = [...digits]
    // A whole code (pasted or autofilled) starts at the first box wherever it was put.
    const start = incoming.length >= otpLength ? 0 : from
    for (let i = 0; i < incoming.length && start + i < otpLength; i++) next[start + i] = incoming[i] as string
    setDigits(next)
    const filled = next.join('')
    if (filled.length === otpLength) onComplete(filled)
    else focus(Math.min(start + incoming.length, otpLength - 1))
  }

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index]) {
      event.preventDefault()
      const next = [...digits]
      next[Math.max(index - 1, 0)] = ''
      setDigits(next)
      focus(index - 1)
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault()
      focus(index - 1)
    } else if (event.key === 'ArrowRight') {
      event.preventDefault()
      focus(index + 1)
    }
  }

  return (
    <fieldset className={css.otp} aria-describedby={describedBy} data-slot="otp-input">
      <legend className={css.visuallyHidden}>{text.otpLabel}</legend>
      {digits.map((digit, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, fixed in number and order.
          key={index}
          ref={(node) => {
            boxes.current[index] = node
          }}
          className={css.otpDigit}
          value={digit}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          pattern="[0-9]*"
          aria-label={text.otpDigit(index + 1, otpLength)}
          aria-invalid={invalid || undefined}
          disabled={disabled}
          // biome-ignore lint/a11y/noAutofocus: the code is the only thing this step asks for.
          autoFocus={index === 0}
          onChange={(event) => {
            const value = event.target.value
            if (value === '') {
              const next = [...digits]
              next[index] = ''
              setDigits(next)
              return
            }
            // The box holds one digit: what was typed is what differs from the digit it held.
            fill(index, value.length > 1 && value.startsWith(digit) && digit ? value.slice(digit.length) : value)
          }}
          onPaste={(event: ClipboardEvent<HTMLInputElement>) => {
            event.preventDefault()
            fill(index, event.clipboardData.getData('text'))
          }}
          onKeyDown={onKeyDown(index)}
          onFocus={(event) => event.target.select()}
          data-slot="otp-digit"
        />
      ))}
    </fieldset>
  )
}
