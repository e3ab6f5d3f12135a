import type { Portico } from '@portico/headless'

/**
 * @internal
 * The visitor reaches for the email login (the pointer over the field, a press, focus or a
 * keystroke in it): the secure frame is added to the page now (hidden, as for any login), so that
 * its load, its ready report and the spec's 500 ms after it run before their Continue rather than
 * after it; the send then reuses this frame. Nothing goes to the auth server from here but the
 * frame's own allow-list check of the page (no code is mailed, nothing is stored there): a visitor
 * who never continues leaves one hidden frame, the one a later login takes. A frame that cannot be
 * made (no frameUrl or projectId) is left for the send to report. Its own module so that only the
 * email field carries it.
 *
 * Measured on the devnet demo (Vite dev server, a shared and busy 2-core machine, median of 5
 * runs each), when it started on the first keystroke: an email typed at 40 ms a key, then Enter:
 * Continue → code field 2431 ms before, 665 ms with it (what was left: the frame's origin check,
 * since asked at the frame's start, and the auth server's login request). An address filled at
 * once and Enter a few ms later left the frame no head start: 1820 ms before, 1901 ms with it.
 *
 * @example
 * <input onFocus={() => warmEmailLogin(portico)} />
 */
export function warmEmailLogin(portico: Portico): void {
  import('@portico/headless/embedded').then((m) => m.getEmbeddedWallet(portico)).catch(() => {})
}
