// Picker (the kit's select-only combobox) alone in real Chromium, in a bare `[data-portico]` root:
// the keys at the list's ends (Home, End, PageUp, PageDown, the arrows' bounds), Tab and modifiers,
// multi-letter typeahead and Space after it, the pointer (hover, press, toggle, outside press),
// choosing the value already chosen, a value not in the options, and the ARIA wiring. Opening with
// Enter, Space and ArrowDown, one arrow step, one typed letter, Escape inside the modal and the list
// kept inside the dialog are covered through the Buy view in features/onramp/OnRamp.browser.test.tsx.
import { useState } from 'react'
import { afterEach, expect, test, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { expectNoSeriousA11yViolations } from '../__infra__/axe.js'
import { Picker, type PickerOption } from './Picker.js'

afterEach(() => {
  vi.restoreAllMocks()
})

const currencies: PickerOption[] = [
  { value: 'usd', label: 'USD' },
  { value: 'eur', label: 'EUR' },
  { value: 'eth', label: 'ETH' },
  { value: 'gbp', label: 'GBP' },
  { value: 'jpy', label: 'JPY' },
]

/** A Picker that owns its value (as a view does), reporting each change to `onChange`. */
function Field({
  initial,
  onChange,
  options = currencies,
}: {
  initial: string | undefined
  onChange: (value: string) => void
  options?: PickerOption[]
}) {
  const [value, setValue] = useState(initial)
  return (
    // The list is kept inside this box: room for every option below the field.
    <div data-portico="" style={{ height: 400, width: 320, padding: 16 }}>
      <p>Outside</p>
      <Picker
        label="Currency"
        value={value}
        options={options}
        onValueChange={(next) => {
          onChange(next)
          setValue(next)
        }}
        slot="test-picker"
      />
      <button type="button" style={{ minWidth: 44, minHeight: 44 }}>
        After
      </button>
    </div>
  )
}

async function mount(initial: string | undefined = 'usd', options?: PickerOption[]) {
  const onChange = vi.fn()
  await render(<Field initial={initial} onChange={onChange} options={options} />)
  const field = page.getByRole('combobox', { name: 'Currency' })
  await expect.element(field).toBeVisible()
  return { onChange, field }
}

const list = () => page.getByRole('listbox', { name: 'Currency' })
const option = (name: string) => list().getByRole('option', { name, exact: true })
/** The label of the option the field points screen readers to. */
const activeLabel = () => {
  const id = document.querySelector('[role="combobox"]')?.getAttribute('aria-activedescendant')
  return id ? document.getElementById(id)?.textContent : undefined
}

async function openWithKeyboard(field: ReturnType<typeof page.getByRole>) {
  field.element().focus()
  await userEvent.keyboard('{Enter}')
  await expect.element(list()).toBeInTheDocument()
}

test('a11y: a labelled combobox, closed: no list, no active descendant; open: controls a labelled listbox whose chosen option is selected; axe clean', async () => {
  const { field } = await mount('eur')
  await expect.element(field).toHaveAttribute('aria-haspopup', 'listbox')
  await expect.element(field).toHaveAttribute('aria-expanded', 'false')
  await expect.element(field).toHaveTextContent('EUR')
  expect(field.element().hasAttribute('aria-controls')).toBe(false)
  expect(field.element().hasAttribute('aria-activedescendant')).toBe(false)
  expect(document.querySelector('[data-slot="test-picker-list"]')).toBeNull()
  // The label is the field's own (its `for`), and ArrowUp opens the list as ArrowDown does.
  expect(page.getByText('Currency', { exact: true }).element().getAttribute('for')).toBe(field.element().id)
  field.element().focus()
  await userEvent.keyboard('{ArrowUp}')
  await expect.element(list()).toBeVisible()
  await expect.element(field).toHaveAttribute('aria-expanded', 'true')
  await expect.element(field).toHaveAttribute('aria-controls', list().element().id)
  // Opened on the chosen option (not the first), and only it is selected.
  expect(activeLabel()).toBe('EUR')
  await expect.element(option('EUR')).toHaveAttribute('aria-selected', 'true')
  expect(list().getByRole('option', { selected: true }).elements()).toHaveLength(1)
  await expectNoSeriousA11yViolations()
})

test('behavior: Home/PageUp and End/PageDown jump to the ends; the arrows stop at them instead of wrapping', async () => {
  const { field, onChange } = await mount('eth')
  await openWithKeyboard(field)
  expect(activeLabel()).toBe('ETH')
  await userEvent.keyboard('{End}')
  expect(activeLabel()).toBe('JPY')
  await userEvent.keyboard('{ArrowDown}{ArrowDown}')
  expect(activeLabel()).toBe('JPY')
  await userEvent.keyboard('{Home}')
  expect(activeLabel()).toBe('USD')
  await userEvent.keyboard('{ArrowUp}')
  expect(activeLabel()).toBe('USD')
  await userEvent.keyboard('{PageDown}')
  expect(activeLabel()).toBe('JPY')
  await userEvent.keyboard('{PageUp}')
  expect(activeLabel()).toBe('USD')
  // None of that chose anything: the field still shows ETH, and the list is open.
  expect(onChange).not.toHaveBeenCalled()
  await expect.element(field).toHaveTextContent('ETH')
  await userEvent.keyboard('{End}{Enter}')
  await expect.element(list()).not.toBeInTheDocument()
  expect(onChange).toHaveBeenCalledExactlyOnceWith('jpy')
  await expect.element(field).toHaveTextContent('JPY')
  await expect.element(field).toHaveFocus()
})

test('behavior: Tab closes the list without choosing and focus moves on; a key with Ctrl, Alt or Meta neither opens nor moves', async () => {
  const { field, onChange } = await mount('usd')
  field.element().focus()
  await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}')
  await userEvent.keyboard('{Control>}{Enter}{/Control}')
  await expect.element(field).toHaveAttribute('aria-expanded', 'false')
  await userEvent.keyboard('{Enter}')
  await expect.element(list()).toBeVisible()
  await userEvent.keyboard('{Control>}{End}{/Control}')
  expect(activeLabel()).toBe('USD')
  await userEvent.keyboard('{ArrowDown}{Tab}')
  await expect.element(list()).not.toBeInTheDocument()
  await expect.element(page.getByRole('button', { name: 'After' })).toHaveFocus()
  expect(onChange).not.toHaveBeenCalled()
  await expect.element(field).toHaveTextContent('USD')
})

test('behavior: letters typed together search as one word ("et" is ETH, not EUR); a letter nothing starts with leaves the active option', async () => {
  const { field, onChange } = await mount('usd')
  await openWithKeyboard(field)
  await userEvent.keyboard('et')
  expect(activeLabel()).toBe('ETH')
  await userEvent.keyboard('z')
  expect(activeLabel()).toBe('ETH')
  await userEvent.keyboard('{Enter}')
  expect(onChange).toHaveBeenCalledExactlyOnceWith('eth')
})

/** A keydown on the field at `timeStamp` (ms on the page's clock): the typeahead reads the event's time. */
function keyAt(key: string, timeStamp: number) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })
  Object.defineProperty(event, 'timeStamp', { value: timeStamp })
  document.querySelector('[role="combobox"]')?.dispatchEvent(event)
}

test('behavior: typed letters more than 800 ms apart start a new search ("e" then "u" is USD, not "eu")', async () => {
  const { field } = await mount('gbp')
  await openWithKeyboard(field)
  const t = performance.now()
  keyAt('e', t)
  await expect.poll(activeLabel).toBe('EUR')
  keyAt('u', t + 801)
  await expect.poll(activeLabel).toBe('USD')
  // Within 800 ms they are one word: "e" then "t" is ETH.
  keyAt('e', t + 2000)
  keyAt('t', t + 2799)
  await expect.poll(activeLabel).toBe('ETH')
})

// Within the typeahead's 800 ms Space is part of the typed text; after it, Space chooses again (as
// the listbox pattern and a native select do), in this opening and any later one.
test('behavior: Space chooses the active option once the typeahead has lapsed (800 ms after the last letter)', async () => {
  const { field, onChange } = await mount('usd')
  await openWithKeyboard(field)
  const t = performance.now()
  keyAt('e', t)
  await expect.poll(activeLabel).toBe('EUR')
  keyAt(' ', t + 5000)
  // The field's handler runs within the dispatch: its choice is reported by now, or never.
  expect(onChange.mock.calls).toEqual([['eur']])
})

test('behavior: the pointer: a press on the field opens, a second press closes (no reopen); hovering makes an option active; pressing one chooses it and focus stays on the field', async () => {
  const { field, onChange } = await mount('usd')
  await userEvent.click(field)
  await expect.element(list()).toBeVisible()
  await expect.element(field).toHaveFocus()
  await userEvent.click(field)
  await expect.element(list()).not.toBeInTheDocument()
  await expect.element(field).toHaveAttribute('aria-expanded', 'false')

  await userEvent.click(field)
  await userEvent.hover(option('GBP'))
  expect(activeLabel()).toBe('GBP')
  await expect.element(option('GBP')).toHaveAttribute('data-highlighted', '')
  expect(option('USD').element().hasAttribute('data-highlighted')).toBe(false)
  // Enter chooses the hovered option (the keyboard and the pointer share one active option).
  await userEvent.keyboard('{Enter}')
  expect(onChange).toHaveBeenLastCalledWith('gbp')

  await userEvent.click(field)
  await userEvent.click(option('JPY'))
  await expect.element(list()).not.toBeInTheDocument()
  expect(onChange).toHaveBeenLastCalledWith('jpy')
  expect(onChange).toHaveBeenCalledTimes(2)
  await expect.element(field).toHaveFocus()
  await expect.element(field).toHaveTextContent('JPY')
})

test('behavior: a press outside the open list closes it without choosing', async () => {
  const { field, onChange } = await mount('usd')
  await userEvent.click(field)
  await userEvent.hover(option('ETH'))
  await userEvent.click(page.getByText('Outside'))
  await expect.element(list()).not.toBeInTheDocument()
  expect(onChange).not.toHaveBeenCalled()
  await expect.element(field).toHaveTextContent('USD')
})

test('edge: choosing the option already chosen (keyboard or pointer) closes the list and reports no change', async () => {
  const { field, onChange } = await mount('eur')
  await openWithKeyboard(field)
  await userEvent.keyboard('{Enter}')
  await expect.element(list()).not.toBeInTheDocument()
  await userEvent.click(field)
  await userEvent.click(option('EUR'))
  await expect.element(list()).not.toBeInTheDocument()
  // Space too (nothing was typed yet in this field).
  await userEvent.keyboard(' ')
  await expect.element(list()).toBeVisible()
  await userEvent.keyboard(' ')
  await expect.element(list()).not.toBeInTheDocument()
  expect(onChange).not.toHaveBeenCalled()
})

test('edge: a value not among the options shows an empty field, opens on the first option with nothing selected', async () => {
  const { field, onChange } = await mount('chf')
  await expect.element(field).toHaveTextContent('')
  await openWithKeyboard(field)
  expect(activeLabel()).toBe('USD')
  expect(list().getByRole('option', { selected: true }).elements()).toHaveLength(0)
  await userEvent.keyboard('{Enter}')
  expect(onChange).toHaveBeenCalledExactlyOnceWith('usd')
})

test('edge: no options: the list opens empty, the keys point at nothing and Enter closes it without a change', async () => {
  const { field, onChange } = await mount(undefined, [])
  await openWithKeyboard(field)
  await userEvent.keyboard('{ArrowDown}{End}')
  expect(field.element().hasAttribute('aria-activedescendant')).toBe(false)
  await userEvent.keyboard('{Enter}')
  await expect.element(list()).not.toBeInTheDocument()
  expect(onChange).not.toHaveBeenCalled()
})

test('security: labels are text: markup in an option label is shown, never parsed', async () => {
  const hostile = [
    { value: 'x', label: '<img src=x onerror="window.__pickerPwned=1">' },
    { value: 'y', label: 'Plain' },
  ]
  const { field } = await mount('x', hostile)
  await expect.element(field).toHaveTextContent(hostile[0]?.label ?? '')
  await userEvent.click(field)
  await expect.element(list()).toBeVisible()
  expect(document.querySelector('[data-portico] img')).toBeNull()
  expect((window as { __pickerPwned?: number }).__pickerPwned).toBeUndefined()
})
