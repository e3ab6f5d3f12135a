// The pages behind the link in the device mail. A GET only shows a button (mail scanners that
// open links must not approve a device by themselves); the button's POST approves.

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;line-height:1.5}button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#3b82f6;color:#fff;cursor:pointer}</style></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`

// The form posts to the page's own path (relative), so the server also works under a path prefix.
export const approvePage = (token: string) =>
  page(
    'Approve this device?',
    `<p>Someone asked to log in to your wallet from a new device. Approve only if it was you.</p><form method="post" action="approve"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">Approve device</button></form>`,
  )

export const approvedPage = (email: string) =>
  page(
    'Device approved',
    `<p>The device is approved for ${escapeHtml(email)}. Go back to the app: a code is on its way.</p>`,
  )

export const messagePage = (title: string, message: string) => page(title, `<p>${escapeHtml(message)}.</p>`)

/** Headers of these pages: no framing, no referrer (the token is in the URL), nothing but inline style. */
export const pageHeaders = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
}
