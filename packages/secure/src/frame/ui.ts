import {
  applyThemeVariables,
  cssVariableName,
  darkTheme,
  lightTheme,
  type PartialThemeTokens,
  sanitizeTokens,
  type ThemeTokens,
  type ThemeVariables,
  toCssVariables,
} from '@portico/themes'
import type { AppRequestPayload } from '../protocol/requests.js'

/**
 * What the frame draws in its own document (approval and key export prompts): one prompt at a
 * time, styled with the host's theme (sync theme) and naming the host's app (sync dapp data).
 *
 * The host's theme and app data are untrusted input. Theme values go through @portico/themes'
 * sanitiser (`applyThemeVariables` keeps a token as it was when its value is not a plain colour,
 * length or font list, so no `;`, `}`, `url(` or `expression(` ever reaches a style), and they are
 * set one by one as custom properties with `style.setProperty`, never written into a style sheet.
 * The app's name is text (textContent); its icon is shown only for an https, loopback http or
 * data:image URL. The origin shown under the name is the frame's own reading of its parent's
 * origin, not something the host claims.
 */

type Dapp = { name: string; icon: string | undefined }
let dapp: Dapp | undefined
let mode: 'light' | 'dark' | undefined

const style = `
:root{color-scheme:light dark;font-family:var(--portico-fonts-body,system-ui,sans-serif)}
body{margin:0;background:transparent}
.card{box-sizing:border-box;margin:0;padding:20px;height:100vh;overflow:hidden;background:var(--portico-colors-surface,Canvas);color:var(--portico-colors-foreground,CanvasText);display:flex;flex-direction:column;gap:12px;border-radius:var(--portico-radii-lg,0)}
.body{flex:1 1 auto;min-height:0;overflow:auto;display:flex;flex-direction:column;gap:12px}
.alert{font-size:13px;margin:0;padding:10px;border-radius:var(--portico-radii-md,10px);background:var(--portico-colors-danger,#d92d20);color:var(--portico-colors-dangerForeground,#fff)}
h1{font-size:18px;margin:0}
.dapp{display:flex;align-items:center;gap:8px;margin:0}
.dapp img{inline-size:24px;block-size:24px;border-radius:var(--portico-radii-sm,6px);object-fit:cover}
.dapp-name{font-weight:600;font-size:14px;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.origin{font-size:13px;opacity:.75;margin:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;direction:rtl;text-align:left}
.note{font-size:13px;margin:0;color:var(--portico-colors-foregroundMuted,inherit)}
.warning{font-size:13px;margin:0;padding:10px;border-radius:var(--portico-radii-md,10px);background:var(--portico-colors-warning,#f5a524);color:var(--portico-colors-warningForeground,#000)}
dl{margin:0;display:grid;gap:6px}
dt{font-size:12px;opacity:.7}
dd{margin:0;font-family:var(--portico-fonts-mono,ui-monospace,monospace);font-size:13px;white-space:pre-wrap;overflow-wrap:anywhere;max-height:160px;overflow:auto}
.secret{margin:0;padding:10px;font-family:var(--portico-fonts-mono,ui-monospace,monospace);font-size:13px;overflow-wrap:anywhere;user-select:all;border:1px solid var(--portico-colors-border,#8884);border-radius:var(--portico-radii-md,10px)}
.actions{display:flex;gap:8px}
button{flex:1;padding:10px;border-radius:var(--portico-radii-md,10px);border:1px solid var(--portico-colors-border,#8884);background:var(--portico-colors-surfaceRaised,transparent);color:inherit;font:inherit;cursor:pointer}
button[data-kind=approve]{background:var(--portico-colors-accent,#2b6de8);color:var(--portico-colors-accentForeground,#fff);border-color:var(--portico-colors-accent,#2b6de8)}
button[aria-disabled=true]{opacity:.55;cursor:not-allowed}
.link{flex:none;align-self:flex-start;padding:6px 10px}
`

/** Applies the host's theme (SYNC_THEME) to this document's custom properties. */
export function applyTheme(payload: AppRequestPayload<'SYNC_THEME'>): void {
  mode = payload.themeMode ?? mode
  const base = mode === 'light' ? lightTheme() : darkTheme()
  // Two kinds of names arrive: a theme's own token variables (`--portico-colors-accent`: the
  // Portico modal sends its whole resolved theme, so the prompt matches it exactly), checked by the
  // token sanitiser; and AppKit-style variables (`--w3m-accent` or `--portico-accent`) that a host
  // without the modal may send. Both sanitisers warn about, and drop, every value that is not a
  // plain value of its kind.
  const tokenNames = new Map<string, [string, string]>()
  for (const [group, values] of Object.entries(base) as [keyof ThemeTokens, Record<string, unknown>][])
    for (const key of Object.keys(values)) tokenNames.set(cssVariableName(group, key as never), [group, key])
  const own: Record<string, Record<string, unknown>> = {}
  const appKitStyle: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(payload.themeVariables ?? {})) {
    const token = tokenNames.get(name)
    if (token) {
      const group = own[token[0]] ?? {}
      group[token[1]] = value
      own[token[0]] = group
    } else appKitStyle[name] = value
  }
  const tokens = applyThemeVariables(sanitizeTokens(own as PartialThemeTokens, base), appKitStyle as ThemeVariables)
  const root = document.documentElement
  root.style.colorScheme = mode ?? 'light dark'
  for (const [name, value] of Object.entries(toCssVariables(tokens))) {
    // Belt and braces: a custom property value with a block or a URL is never set.
    if (!/^--portico-[A-Za-z0-9-]+$/.test(name) || /[;{}<>\\]|url\(|expression\(|@import/i.test(value)) continue
    root.style.setProperty(name, value)
  }
}

/** Whether `url` may be shown as the app's icon (https, loopback http, or an inline image). */
function safeIcon(url: string | undefined): string | undefined {
  if (!url) return undefined
  if (/^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=]+$/i.test(url)) return url
  try {
    const parsed = new URL(url)
    if (parsed.protocol === 'https:') return parsed.href
    // The loopback hosts the frame's CSP allows for images (it cannot name IPv6 literals).
    if (parsed.protocol === 'http:' && ['127.0.0.1', 'localhost'].includes(parsed.hostname)) return parsed.href
  } catch {
    // not a URL: no icon
  }
  return undefined
}

/** Keeps the host's app name and icon (SYNC_DAPP_DATA) for the prompts. */
export function setDappData(payload: AppRequestPayload<'SYNC_DAPP_DATA'>): void {
  const name = payload.metadata?.name?.trim()
  if (!name) {
    dapp = undefined
    return
  }
  const icon = safeIcon(payload.metadata?.icons?.[0])
  if (payload.metadata?.icons?.[0] && !icon) console.warn('[portico] Ignored a dapp icon that is not https')
  dapp = { name, icon }
}

/** The host's app name as last synced (a claim of the host; the verified origin is shown beside it). */
export function dappName(): string | undefined {
  return dapp?.name
}

/** The host's app name and (checked) icon as last synced, for the wallet's window. */
export function currentDapp(): { name: string; icon?: string | undefined } | undefined {
  return dapp && { ...dapp }
}

let pending: { close: () => void } | undefined
let storageNote: string | undefined

/**
 * A line every prompt shows under the request, saying what the frame's storage on this site means
 * for this device (kept for this site only, or for this visit only); `undefined` for none.
 */
export function setStorageNote(text: string | undefined): void {
  storageNote = text
}

/** The storage note every prompt shows (see {@link setStorageNote}). */
export function currentStorageNote(): string | undefined {
  return storageNote
}

/** The parts of a prompt its builder fills: the scrolling body, the alert line, the buttons row. */
export type PromptParts = { card: HTMLElement; body: HTMLElement; alert: HTMLElement; actions: HTMLElement }

/** The prompt frame: title, the asking app (name, icon) and the verified origin. */
function header(title: string, origin: string): HTMLElement[] {
  const heading = document.createElement('h1')
  heading.id = 'portico-prompt-title'
  heading.textContent = title
  const parts: HTMLElement[] = [heading]
  if (dapp) {
    const row = document.createElement('p')
    row.className = 'dapp'
    row.dataset.porticoDapp = ''
    if (dapp.icon) {
      const img = document.createElement('img')
      img.src = dapp.icon
      img.alt = ''
      img.referrerPolicy = 'no-referrer'
      row.append(img)
    }
    const name = document.createElement('span')
    name.className = 'dapp-name'
    name.textContent = dapp.name
    name.title = dapp.name
    row.append(name)
    parts.push(row)
  }
  // The header stays a few lines whatever the host names itself: the app's name (a claim) on one
  // line, and the origin on one line cut at its start, as browsers show a long address, so that its
  // registrable domain stays in view. A 253-character host name or a 128-character app name would
  // otherwise fill a small frame and squeeze the request out of it while Approve stays in view.
  const from = document.createElement('p')
  from.className = 'origin'
  from.title = origin
  const text = document.createElement('span')
  text.dir = 'ltr'
  text.textContent = origin
  from.append(text)
  parts.push(from)
  return parts
}

export function button(label: string, kind: 'approve' | 'reject'): HTMLButtonElement {
  const element = document.createElement('button')
  element.type = 'button'
  element.dataset.kind = kind
  element.textContent = label
  return element
}

/** Shows `text` in the prompt's alert line (an alert: screen readers announce it). */
export function showAlert(alert: HTMLElement, text: string): void {
  alert.textContent = text
  alert.hidden = false
}

/**
 * Shows a prompt in this document (closing any other as cancelled). The prompt fills the frame: a
 * header (title, app, origin), a body that scrolls when the request is long, an alert line and a
 * row of buttons that always stay in view. `build` fills the body and the buttons and returns the
 * element to focus. `onClose` runs once when the prompt goes away, whoever closes it; `close` is
 * what the prompt's own buttons call.
 */
export function showPrompt(
  options: { title: string; origin: string; onClose: () => void },
  build: (parts: PromptParts, close: () => void) => HTMLElement,
): () => void {
  pending?.close()
  const card = document.createElement('section')
  card.className = 'card'
  card.setAttribute('role', 'dialog')
  card.setAttribute('aria-modal', 'true')
  card.setAttribute('aria-labelledby', 'portico-prompt-title')
  const body = document.createElement('div')
  body.className = 'body'
  const alert = document.createElement('p')
  alert.className = 'alert'
  alert.setAttribute('role', 'alert')
  alert.hidden = true
  const actions = document.createElement('div')
  actions.className = 'actions'
  card.append(...header(options.title, options.origin), body, alert, actions)
  const sheet = document.createElement('style')
  sheet.textContent = style
  let closed = false
  // Escape refuses, as in any modal dialog (the frame's keys never reach the page, so only the
  // frame can). Refusing needs no visibility check: nothing is approved by it. Tab stays in the
  // dialog: leaving it would hand the keyboard to whatever the host page put next.
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && event.isTrusted) close()
    if (event.key === 'Tab') keepFocusIn(card, event)
  }
  const close = () => {
    if (closed) return
    closed = true
    document.removeEventListener('keydown', onKey)
    if (pending?.close === close) pending = undefined
    // Everything drawn goes: an exported key must not stay in the document.
    document.body.replaceChildren()
    options.onClose()
  }
  pending = { close }
  const focus = build({ card, body, alert, actions }, close)
  if (storageNote) {
    const note = document.createElement('p')
    note.className = 'note'
    note.dataset.porticoStorageNote = ''
    note.textContent = storageNote
    body.append(note)
  }
  document.body.replaceChildren(sheet, card)
  document.addEventListener('keydown', onKey)
  focus.focus()
  return close
}

/** Wraps Tab (and shift+Tab) around the dialog's focusable elements. */
function keepFocusIn(card: HTMLElement, event: KeyboardEvent): void {
  const items = [...card.querySelectorAll<HTMLElement>('button,a[href],input,textarea,select,[tabindex]')].filter(
    (item) => item.tabIndex >= 0 && !item.closest('[hidden]') && !(item as HTMLButtonElement).disabled,
  )
  const first = items[0]
  const last = items.at(-1)
  const active = document.activeElement
  const outside = !card.contains(active)
  if (!first || !last) event.preventDefault()
  else if (event.shiftKey && (active === first || outside)) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault()
    first.focus()
  }
}

/** Closes the open prompt, if any (an aborted request, a sign-out). */
export function closePrompt(): void {
  pending?.close()
}
