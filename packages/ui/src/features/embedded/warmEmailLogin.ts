import type { Portico } from '@portico/headless'

/**
 * @internal
 * The visitor is typing an email address: the secure frame is added to the page now (hidden, as
 * for any login), so that its load, its ready report and the spec's 500 ms after it run while they
 * type rather than after their Continue; the send then reuses this frame. A frame that cannot be
 * made (no frameUrl or projectId) is left for the send to report. Its own module so that only the
 * email field carries it.
 *
 * Measured on the devnet demo (Vite dev server, a shared and busy 2-core machine, median of 5
 * runs each): an email typed at 40 ms a key, then Enter: Continue → code field 2431 ms before,
 * 665 ms with it (what is left is the frame's origin check and the auth server's login request).
 * The bench's way (the whole address filled at once, Enter a few ms later) leaves the frame no
 * head start: 1820 ms before, 1901 ms with it, the same within that machine's noise.
 *
 * @example
 * <input onChange={() => warmEmailLogin(portico)} />
 */
export function warmEmailLogin(portico: Portico): void {
  import('@portico/headless/embedded').then((m) => m.getEmbeddedWallet(portico)).catch(() => {})
}
