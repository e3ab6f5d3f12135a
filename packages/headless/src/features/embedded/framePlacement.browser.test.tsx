// Where the wallet frame stands, in real Chromium: each placement is the iframe's whole inline
// style, so what the page's own stylesheet says about iframes (a reset, a rule meant to hide or
// cover it) never moves, hides or covers it. Laid out by the browser, read back from the layout.
import { afterEach, expect, test } from 'vitest'
import { expose, hide, placeOver, show } from './framePlacement.js'

const added: Element[] = []
afterEach(() => {
  for (const element of added.splice(0)) element.remove()
  document.documentElement.removeAttribute('dir')
})

function frame(): HTMLIFrameElement {
  const element = document.createElement('iframe')
  element.title = 'Portico secure wallet'
  document.body.append(element)
  added.push(element)
  return element
}

/** A page stylesheet that does all it can to move, hide or cover every iframe. */
function hostileStylesheet() {
  const style = document.createElement('style')
  style.textContent = `
    iframe { position: static !important; display: none !important; visibility: hidden !important;
      opacity: .2 !important; width: 10px !important; height: 10px !important; top: 5px !important;
      left: 5px !important; transform: scale(.5) !important; pointer-events: none !important;
      z-index: 0 !important; clip-path: inset(50%) !important; filter: blur(4px) !important; }
    .cover { position: fixed; inset: 0; z-index: 2147483646; }
  `
  document.head.append(style)
  added.push(style)
  const cover = document.createElement('div')
  cover.className = 'cover'
  document.body.append(cover)
  added.push(cover)
}

const rectOf = (element: Element) => {
  const { top, left, width, height } = element.getBoundingClientRect()
  return { top, left, width, height }
}

test('behavior: hide keeps the frame out of sight, out of the tab order and the accessibility tree, and unclickable', () => {
  const element = frame()
  hide(element)
  expect(element.getAttribute('aria-hidden')).toBe('true')
  expect(element.tabIndex).toBe(-1)
  const style = getComputedStyle(element)
  expect({ position: style.position, opacity: style.opacity, pointerEvents: style.pointerEvents }).toEqual({
    position: 'fixed',
    opacity: '0',
    pointerEvents: 'none',
  })
  expect(rectOf(element)).toEqual({ top: 0, left: 0, width: 0, height: 0 })
})

test.each(['ltr', 'rtl'])('behavior: show is a centred card on top of a %s page, in the tab order, focused', (dir) => {
  document.documentElement.setAttribute('dir', dir)
  const element = frame()
  hide(element)
  expect(rectOf(element)).toEqual({ top: 0, left: 0, width: 0, height: 0 })
  show(element)
  expect(element.hasAttribute('aria-hidden')).toBe(false)
  expect(element.tabIndex).toBe(0)
  expect(document.activeElement).toBe(element)
  const width = Math.min(360, innerWidth)
  const height = Math.min(480, innerHeight)
  expect(rectOf(element)).toEqual({
    top: (innerHeight - height) / 2,
    left: (innerWidth - width) / 2,
    width,
    height,
  })
  expect(getComputedStyle(element).zIndex).toBe('2147483647')
  expect(document.elementFromPoint(innerWidth / 2, innerHeight / 2)).toBe(element)
})

test('behavior: a page stylesheet that hides, shrinks, moves or covers iframes changes nothing in a shown placement', () => {
  const element = frame()
  show(element)
  const expected = rectOf(element)
  element.style.cssText = ''
  hostileStylesheet()
  show(element)
  expect(rectOf(element)).toEqual(expected)
  const style = getComputedStyle(element)
  expect({
    display: style.display,
    visibility: style.visibility,
    opacity: style.opacity,
    pointerEvents: style.pointerEvents,
    clipPath: style.clipPath,
    filter: style.filter,
  }).toEqual({
    display: 'block',
    visibility: 'visible',
    opacity: '1',
    pointerEvents: 'auto',
    clipPath: 'none',
    filter: 'none',
  })
  // On top of the page's own cover (one z-index below the frame's), where the user clicks.
  expect(document.elementFromPoint(innerWidth / 2, innerHeight / 2)).toBe(element)
})

test('behavior: placeOver puts the frame exactly over a box, in physical coordinates whatever the page direction', () => {
  hostileStylesheet()
  const element = frame()
  const box = new DOMRect(120.5, 64, 400, 300.25)
  placeOver(element, box)
  expect(rectOf(element)).toEqual({ top: 64, left: 120.5, width: 400, height: 300.25 })
  const style = getComputedStyle(element)
  expect({ transform: style.transform, borderRadius: style.borderRadius, opacity: style.opacity }).toEqual({
    transform: 'none',
    borderRadius: '12px',
    opacity: '1',
  })
  expect(document.elementFromPoint(320, 200)).toBe(element)
  // A right-to-left page: a client rect is physical, and so is the placement.
  document.documentElement.setAttribute('dir', 'rtl')
  placeOver(element, box)
  expect(rectOf(element)).toEqual({ top: 64, left: 120.5, width: 400, height: 300.25 })
})

test('edge: each placement replaces the whole style: hide after show leaves nothing of the card, expose alone moves nothing', () => {
  const element = frame()
  show(element)
  element.style.setProperty('outline', '3px solid red')
  hide(element)
  expect(element.style.getPropertyValue('outline')).toBe('')
  expect(element.style.getPropertyValue('transform')).toBe('')
  expect(getComputedStyle(element).transform).toBe('none')
  expect(rectOf(element)).toEqual({ top: 0, left: 0, width: 0, height: 0 })
  // Every declaration is !important, so no stylesheet rule can win over it.
  for (const name of Array.from(element.style)) expect(element.style.getPropertyPriority(name), name).toBe('important')
  expose(element)
  expect(element.hasAttribute('aria-hidden')).toBe(false)
  expect(element.tabIndex).toBe(0)
  expect(rectOf(element)).toEqual({ top: 0, left: 0, width: 0, height: 0 })
})
