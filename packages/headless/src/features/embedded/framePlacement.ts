/**
 * Where the wallet frame stands on the page: hidden while it only answers the kit, a centred card
 * while the user approves in it, or over a host UI's box (the modal's approval area). Every
 * placement is the iframe's whole inline style, so a page's stylesheet cannot move, hide or cover it.
 */

/**
 * A placement is the frame's whole inline style, every declaration `!important`: a page's own
 * stylesheet (a reset's `iframe { … }`, or a rule meant to hide it) cannot override it.
 */
function setPlacement(element: HTMLIFrameElement, declarations: Record<string, string>) {
  element.style.cssText = Object.entries(declarations)
    .map(([name, value]) => `${name}:${value} !important`)
    .join(';')
}

/** What every shown placement has: opaque, on top, clickable, unaltered. */
const onTop = {
  opacity: '1',
  visibility: 'visible',
  display: 'block',
  'pointer-events': 'auto',
  'z-index': '2147483647',
  border: '0',
  background: 'transparent',
  'color-scheme': 'normal',
  filter: 'none',
  'clip-path': 'none',
  mask: 'none',
}

/** Out of sight and out of the tab order: how the frame waits (it still answers the kit). */
export function hide(element: HTMLIFrameElement) {
  element.setAttribute('aria-hidden', 'true')
  element.tabIndex = -1
  setPlacement(element, {
    position: 'fixed',
    top: '0',
    left: '0',
    width: '0',
    height: '0',
    border: '0',
    opacity: '0',
    'pointer-events': 'none',
  })
}

/** Back in the accessibility tree and the tab order, before a shown placement. */
export function expose(element: HTMLIFrameElement) {
  element.removeAttribute('aria-hidden')
  element.tabIndex = 0
}

/** Over a host UI's box: physical coordinates (a client rect is physical in either direction). */
export function placeOver(element: HTMLIFrameElement, rect: DOMRect) {
  setPlacement(element, {
    ...onTop,
    position: 'fixed',
    top: `${rect.top}px`,
    left: `${rect.left}px`,
    width: `${rect.width}px`,
    height: `${rect.height}px`,
    transform: 'none',
    'border-radius': '12px',
    'box-shadow': 'none',
  })
}

/**
 * While the user approves inside it: a centred card above the page (the modal may place it instead).
 * Physical `left` to match the physical `translate`: with a logical start on a right-to-left page
 * the card would stand left of the centre by its own width, partly off a phone's screen, where the
 * frame refuses a click on an approval it cannot show whole.
 */
export function show(element: HTMLIFrameElement) {
  expose(element)
  setPlacement(element, {
    ...onTop,
    position: 'fixed',
    top: '50%',
    left: '50%',
    width: 'min(360px, 100vw)',
    height: 'min(480px, 100vh)',
    transform: 'translate(-50%, -50%)',
    'border-radius': '16px',
    'box-shadow': '0 12px 48px rgba(0,0,0,.35)',
  })
  element.focus()
}
