// The sign-in verifier (@portico/auth/siwx) as Next.js route handlers: GET /api/siwx/nonce,
// POST /api/siwx/verify, GET and DELETE /api/siwx/session, POST /api/siwx/revoke. The same
// fetch handler, mounted in the host's own routes; sessions live in memory here (one process).
import { createSiwxHandlers } from '@portico/auth/siwx'

// The site's host as wallets sign it (e.g. `app.example.com`); the e2e test sets the loopback one.
const siwx = createSiwxHandlers({ domain: process.env.PORTICO_SIWX_DOMAIN ?? 'localhost:3000' })

export const dynamic = 'force-dynamic'
export const GET = siwx.handle
export const POST = siwx.handle
export const DELETE = siwx.handle
