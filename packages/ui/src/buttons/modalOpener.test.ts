// `modalOpener`'s event rules in Node, with the real modal controller and plain events: which press
// opens (a mouse's primary button, no modifier, modal closed), that touch, pen and keyboard open on
// click, that one press and its click never open twice, and that intent preloads. The same rules in
// Chromium, with focus and the dialog on screen, are in modal/Modal.browser.test.tsx.
import type { MouseEvent, PointerEvent } from 'react'
import { expect, test, vi } from 'vitest'
import { viewTable } from '../features/index.js'
import { createModalController } from '../modal/controller.js'
import { modalOpener } from './modalOpener.js'

/** A modal as `<PorticoUI>` drives it, an opener whose `open` opens it, and the calls counted. */
function setup({ openModal = true } = {}) {
  const modal = createModalController({ embedded: false, table: viewTable })
  const setOpen = (next: boolean) => {
    modal.attach(next, setOpen)
    modal.committed(next)
  }
  modal.attach(false, setOpen)
  const open = vi.fn(() => {
    if (openModal) modal.open()
  })
  const preload = vi.fn()
  const props = modalOpener(modal, open, preload)
  const button = { id: 'button' } as unknown as HTMLElement
  const press = (init: Partial<PointerEvent<HTMLElement>> = {}, target = button) => {
    const event = {
      pointerType: 'mouse',
      button: 0,
      ctrlKey: false,
      metaKey: false,
      shiftKey: false,
      altKey: false,
      currentTarget: target,
      preventDefault: vi.fn(),
      ...init,
    } as unknown as PointerEvent<HTMLElement> & { preventDefault: ReturnType<typeof vi.fn> }
    props.onPointerDown(event)
    return event
  }
  /** A click: `detail` 1 ends a press, 0 comes from the keyboard (Enter, Space). */
  const click = (detail: number, target = button) =>
    props.onClick({ detail, currentTarget: target } as unknown as MouseEvent<HTMLElement>)
  return { modal, open, preload, props, button, press, click, close: () => setOpen(false) }
}

test('behavior: a mouse press with the primary button opens at once, keeps focus off the button and becomes the trigger', () => {
  const { modal, open, press, button } = setup()
  const event = press()
  expect(open).toHaveBeenCalledTimes(1)
  expect(event.preventDefault).toHaveBeenCalledTimes(1)
  expect(modal.isOpen()).toBe(true)
  expect(modal.trigger).toBe(button)
})

test('behavior: the click ending a press that opened does nothing more, even once the modal closed again', () => {
  const { open, press, click, close } = setup()
  press()
  click(1)
  expect(open).toHaveBeenCalledTimes(1)
  // A press while the modal is open asks nothing.
  press()
  expect(open).toHaveBeenCalledTimes(1)
  close()
  // Escape while the button was held: the modal is closed when the click arrives; still no second request.
  press()
  close()
  click(1)
  expect(open).toHaveBeenCalledTimes(2)
  // The press was used up by its click: the next click (a fresh one, no press seen) opens.
  click(1)
  expect(open).toHaveBeenCalledTimes(3)
})

test('behavior: with a controlled modal the host has not opened yet, the click after the press does not ask again', () => {
  // The host owns `open` and has not committed it: the modal still reads closed at the click.
  const { modal, open, press, click } = setup({ openModal: false })
  press()
  click(1)
  expect(open).toHaveBeenCalledTimes(1)
  expect(modal.isOpen()).toBe(false)
})

test('behavior: touch and pen open on click, never on the press (a scroll starting on the button opens nothing)', () => {
  for (const pointerType of ['touch', 'pen'] as const) {
    const { modal, open, press, click } = setup()
    const event = press({ pointerType })
    expect([pointerType, open.mock.calls.length, event.preventDefault.mock.calls.length]).toEqual([pointerType, 0, 0])
    expect(modal.trigger).toBeUndefined()
    click(1)
    expect([pointerType, open.mock.calls.length, modal.isOpen()]).toEqual([pointerType, 1, true])
  }
})

test('behavior: a secondary or middle button, or any modifier key, leaves the press to the browser; its click opens', () => {
  const cases: Partial<PointerEvent<HTMLElement>>[] = [
    { button: 1 },
    { button: 2 },
    { shiftKey: true },
    { altKey: true },
    { ctrlKey: true },
    { metaKey: true },
  ]
  for (const init of cases) {
    const { open, press, click } = setup()
    const event = press(init)
    expect([init, open.mock.calls.length, event.preventDefault.mock.calls.length]).toEqual([init, 0, 0])
    click(1)
    expect([init, open.mock.calls.length]).toEqual([init, 1])
  }
})

test('behavior: a keyboard click (detail 0) always opens, even after a press whose click never reached the button', () => {
  const { open, press, click, close } = setup()
  press() // released over the overlay: its click is lost
  close()
  click(0)
  expect(open).toHaveBeenCalledTimes(2)
  click(0)
  expect(open).toHaveBeenCalledTimes(3)
})

test('edge: a touch press after a mouse press that opened forgets it, so the touch click opens', () => {
  const { open, press, click, close } = setup()
  press()
  close()
  press({ pointerType: 'touch' })
  click(1)
  expect(open).toHaveBeenCalledTimes(2)
})

test('edge: each button keeps its own press: one button’s press does not swallow another button’s click', () => {
  const { open, press, click } = setup({ openModal: false })
  const other = { id: 'other' } as unknown as HTMLElement
  press()
  click(1, other)
  expect(open).toHaveBeenCalledTimes(2)
  click(1)
  expect(open).toHaveBeenCalledTimes(2)
})

test('behavior: pointing at or focusing the button preloads; neither opens', () => {
  const { open, preload, props } = setup()
  props.onPointerEnter()
  props.onFocus()
  expect(preload).toHaveBeenCalledTimes(2)
  expect(open).not.toHaveBeenCalled()
})
