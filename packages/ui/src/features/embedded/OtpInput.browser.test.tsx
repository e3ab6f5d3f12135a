// OtpInput (the six code boxes) alone in real Chromium: pastes (a whole code in any box, junk, a
// partial code, more digits than boxes), typed non-digits, an autofilled code, Backspace and the
// arrows across boxes and at the ends, typing over a digit, `disabled`, `invalid` (cleared, marked,
// the same code accepted again) and the boxes' names. A wrong code from the auth server, a code
// typed in full and a pasted code with spaces in the third box are covered with the real services
// in EmailLogin.browser.test.tsx.
import { useState } from 'react'
import { afterEach, expect, test, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { expectNoSeriousA11yViolations } from '../../__infra__/axe.js'
import { embeddedEn } from './embedded.en.js'
import { OtpInput, otpLength } from './OtpInput.js'

afterEach(() => {
  vi.restoreAllMocks()
})

const digit = (n: number) => page.getByRole('textbox', { name: `Digit ${n} of 6` })
const values = () => [...document.querySelectorAll<HTMLInputElement>('[data-slot="otp-digit"]')].map((i) => i.value)
const focusedBox = () =>
  [...document.querySelectorAll('[data-slot="otp-digit"]')].indexOf(document.activeElement as Element) + 1

/** The boxes as the EmailLogin view holds them: `invalid` and `disabled` flipped by the test's buttons. */
function Code({ onComplete }: { onComplete: (code: string) => void }) {
  const [invalid, setInvalid] = useState(false)
  const [disabled, setDisabled] = useState(false)
  return (
    <div>
      <p id="otp-hint">Enter the code we sent</p>
      <OtpInput
        text={embeddedEn}
        invalid={invalid}
        disabled={disabled}
        describedBy="otp-hint"
        onComplete={(code) => {
          onComplete(code)
        }}
      />
      <button type="button" onClick={() => setInvalid((v) => !v)}>
        Toggle invalid
      </button>
      <button type="button" onClick={() => setDisabled((v) => !v)}>
        Toggle disabled
      </button>
    </div>
  )
}

async function mount() {
  const onComplete = vi.fn()
  await render(<Code onComplete={onComplete} />)
  await expect.element(digit(1)).toHaveFocus()
  return { onComplete }
}

/** A paste of `text` into box `n`, as the browser delivers it. */
async function paste(n: number, text: string) {
  const data = new DataTransfer()
  data.setData('text/plain', text)
  const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
  digit(n).element().dispatchEvent(event)
  return event
}

test('a11y: a fieldset named by its legend and described by the prompt; six boxes "Digit n of 6", numeric, one-time-code on the first only; axe clean', async () => {
  await mount()
  expect(otpLength).toBe(6)
  const group = page.getByRole('group', { name: 'One-time code' })
  await expect.element(group).toHaveAttribute('aria-describedby', 'otp-hint')
  expect(group.getByRole('textbox').elements()).toHaveLength(6)
  for (let n = 1; n <= 6; n++) {
    const box = digit(n).element()
    expect(box.getAttribute('inputmode')).toBe('numeric')
    expect(box.getAttribute('autocomplete')).toBe(n === 1 ? 'one-time-code' : 'off')
    expect(box.hasAttribute('aria-invalid')).toBe(false)
  }
  await expectNoSeriousA11yViolations()
})

test('behavior: a whole code pasted in the first box fills every box and completes once', async () => {
  const { onComplete } = await mount()
  const event = await paste(1, '482915')
  // The browser's own paste is replaced (no doubled text in the first box).
  expect(event.defaultPrevented).toBe(true)
  await expect.poll(values).toEqual(['4', '8', '2', '9', '1', '5'])
  expect(onComplete).toHaveBeenCalledExactlyOnceWith('482915')
})

test('edge: more digits than boxes: the first six are kept, wherever it is pasted', async () => {
  const { onComplete } = await mount()
  await paste(5, '12345678')
  await expect.poll(values).toEqual(['1', '2', '3', '4', '5', '6'])
  expect(onComplete).toHaveBeenCalledExactlyOnceWith('123456')
})

test('error: pasted junk (no digits) changes nothing, completes nothing and keeps focus', async () => {
  const { onComplete } = await mount()
  await userEvent.keyboard('12')
  await expect.element(digit(3)).toHaveFocus()
  for (const junk of ['abcdef', '   ', '—·—', '<script>', '']) await paste(3, junk)
  expect(values()).toEqual(['1', '2', '', '', '', ''])
  await expect.element(digit(3)).toHaveFocus()
  expect(onComplete).not.toHaveBeenCalled()
})

test('edge: a short paste fills from the box it lands in and focus moves after it; the code completes when the rest is typed', async () => {
  const { onComplete } = await mount()
  await paste(3, 'a1-2')
  await expect.poll(values).toEqual(['', '', '1', '2', '', ''])
  await expect.element(digit(5)).toHaveFocus()
  // Five digits in box 2: box 2 to 6 (none beyond the last), focus on the last box.
  await paste(2, '98765')
  await expect.poll(values).toEqual(['', '9', '8', '7', '6', '5'])
  await expect.element(digit(6)).toHaveFocus()
  expect(onComplete).not.toHaveBeenCalled()
  await userEvent.click(digit(1))
  await userEvent.keyboard('3')
  expect(onComplete).toHaveBeenCalledExactlyOnceWith('398765')
})

test('error: typed non-digits are refused: the box stays empty and focus stays', async () => {
  const { onComplete } = await mount()
  await userEvent.keyboard('a')
  await userEvent.keyboard('-')
  await userEvent.keyboard('{Space}')
  expect(values()).toEqual(['', '', '', '', '', ''])
  await expect.element(digit(1)).toHaveFocus()
  await userEvent.keyboard('7x')
  expect(values()).toEqual(['7', '', '', '', '', ''])
  await expect.element(digit(2)).toHaveFocus()
  expect(onComplete).not.toHaveBeenCalled()
})

test('behavior: an autofilled code (the whole code set in the first box) fills every box and completes', async () => {
  const { onComplete } = await mount()
  await userEvent.fill(digit(1), '135790')
  await expect.poll(values).toEqual(['1', '3', '5', '7', '9', '0'])
  expect(onComplete).toHaveBeenCalledExactlyOnceWith('135790')
})

test('behavior: Backspace in an empty box clears the one before and moves there, box after box; in the first box it stays', async () => {
  const { onComplete } = await mount()
  await userEvent.keyboard('1234')
  await expect.element(digit(5)).toHaveFocus()
  await userEvent.keyboard('{Backspace}')
  expect(values()).toEqual(['1', '2', '3', '', '', ''])
  expect(focusedBox()).toBe(4)
  await userEvent.keyboard('{Backspace}{Backspace}{Backspace}')
  expect(values()).toEqual(['', '', '', '', '', ''])
  expect(focusedBox()).toBe(1)
  await userEvent.keyboard('{Backspace}')
  expect(focusedBox()).toBe(1)
  expect(values()).toEqual(['', '', '', '', '', ''])
  expect(onComplete).not.toHaveBeenCalled()
})

test('behavior: Backspace on a filled box clears that box only and keeps focus there', async () => {
  await mount()
  await userEvent.keyboard('123')
  await userEvent.click(digit(2))
  // Focus selects the box's digit; Backspace deletes it.
  await userEvent.keyboard('{Backspace}')
  expect(values()).toEqual(['1', '', '3', '', '', ''])
  expect(focusedBox()).toBe(2)
})

test('behavior: the arrows move between boxes and stop at the ends; a digit typed over a filled box replaces it and moves on', async () => {
  const { onComplete } = await mount()
  await userEvent.keyboard('{ArrowLeft}')
  expect(focusedBox()).toBe(1)
  await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}')
  expect(focusedBox()).toBe(6)
  await userEvent.click(digit(1))
  await userEvent.keyboard('111111')
  expect(onComplete).toHaveBeenLastCalledWith('111111')
  await userEvent.keyboard('{ArrowLeft}{ArrowLeft}')
  expect(focusedBox()).toBe(4)
  // The focused box's digit is selected: typing replaces it (never two digits in a box).
  await userEvent.keyboard('9')
  expect(values()).toEqual(['1', '1', '1', '9', '1', '1'])
  expect(focusedBox()).toBe(4)
  expect(onComplete).toHaveBeenLastCalledWith('111911')
  // With the caret after the digit (not selected), the new digit still replaces it.
  const box = digit(4).element() as HTMLInputElement
  box.setSelectionRange(1, 1)
  await userEvent.keyboard('5')
  expect(values()).toEqual(['1', '1', '1', '5', '1', '1'])
  expect(onComplete).toHaveBeenLastCalledWith('111511')
  expect(onComplete).toHaveBeenCalledTimes(3)
})

test('behavior: disabled (a code being checked): every box is disabled and takes no focus, so no key or paste reaches it', async () => {
  const { onComplete } = await mount()
  await userEvent.keyboard('12')
  await userEvent.click(page.getByRole('button', { name: 'Toggle disabled' }))
  for (let n = 1; n <= 6; n++) await expect.element(digit(n)).toBeDisabled()
  // (A paste or an autofill needs a focused box: none can be.)
  digit(3).element().focus()
  expect(focusedBox()).toBe(0)
  await userEvent.keyboard('4')
  expect(values()).toEqual(['1', '2', '', '', '', ''])
  expect(onComplete).not.toHaveBeenCalled()
  // Enabled again: the boxes go on from where they were.
  await userEvent.click(page.getByRole('button', { name: 'Toggle disabled' }))
  await userEvent.click(digit(3))
  await userEvent.keyboard('3456')
  expect(onComplete).toHaveBeenCalledExactlyOnceWith('123456')
})

test('error: invalid (a refused code) clears every box, marks them aria-invalid and focuses the first; the same code typed again completes again', async () => {
  const { onComplete } = await mount()
  await paste(1, '000000')
  expect(onComplete).toHaveBeenCalledTimes(1)
  await userEvent.click(page.getByRole('button', { name: 'Toggle invalid' }))
  await expect.poll(values).toEqual(['', '', '', '', '', ''])
  await expect.element(digit(1)).toHaveFocus()
  for (let n = 1; n <= 6; n++) await expect.element(digit(n)).toHaveAttribute('aria-invalid', 'true')
  await userEvent.keyboard('000000')
  expect(onComplete).toHaveBeenCalledTimes(2)
  expect(onComplete).toHaveBeenLastCalledWith('000000')
  // No longer invalid: the mark goes, the digits stay.
  await userEvent.click(page.getByRole('button', { name: 'Toggle invalid' }))
  await expect.element(digit(1)).not.toHaveAttribute('aria-invalid')
  expect(values()).toEqual(['0', '0', '0', '0', '0', '0'])
})

test('security: non-ASCII digits (Arabic-Indic, full-width) are not taken as code digits', async () => {
  const { onComplete } = await mount()
  await paste(1, '١٢٣٤٥٦')
  await paste(1, '１２３４５６')
  expect(values()).toEqual(['', '', '', '', '', ''])
  expect(onComplete).not.toHaveBeenCalled()
})
