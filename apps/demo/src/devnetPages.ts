// Pages the demo site adds for people trying the devnet by hand: a stable address for the mail
// inbox (the devnet's own port is random under the demo) and a faucet, so a wallet made by email
// or social login (which starts empty) can pay for its first transaction.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Connect, Plugin } from 'vite'

/** What the faucet gives: an account below this many wei is topped up to it (10 ETH). */
export const faucetAmount = 10n * 10n ** 18n

const addressPattern = /^0x[0-9a-fA-F]{40}$/

async function rpc<T>(rpcUrl: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: T; error?: { message: string } }
  if (body.error || body.result === undefined) throw new Error(body.error?.message ?? `${method} answered nothing`)
  return body.result
}

/**
 * Tops an address up to {@link faucetAmount} on the devnet's anvil (never lowers a balance, so a
 * second press changes nothing). Throws on anything but a 0x-prefixed 20-byte address.
 *
 * @example
 * await topUp('http://127.0.0.1:8545', '0x…') // { before: 0n, after: 10000000000000000000n }
 */
export async function topUp(rpcUrl: string, address: string): Promise<{ before: bigint; after: bigint }> {
  if (!addressPattern.test(address)) throw new Error('Enter an EVM address: 0x and 40 hex digits')
  const before = BigInt(await rpc<string>(rpcUrl, 'eth_getBalance', [address, 'latest']))
  if (before >= faucetAmount) return { before, after: before }
  await rpc(rpcUrl, 'anvil_setBalance', [address, `0x${faucetAmount.toString(16)}`])
  return { before, after: faucetAmount }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

function faucetPage(message = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Devnet faucet</title><style>body{font:16px system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}
input{font:inherit;width:100%;box-sizing:border-box;padding:.5rem}button{font:inherit;margin-top:.5rem;padding:.5rem 1rem}</style></head>
<body><h1>Devnet faucet</h1><p>Tops an address up to 10 ETH on the devnet chain (eip155:31337), e.g. the embedded wallet you just made by email login: copy its address from the account view.</p>
<form method="post"><label>Address <input name="address" required pattern="0x[0-9a-fA-F]{40}" placeholder="0x…"></label><button type="submit">Send 10 ETH</button></form>
${message ? `<p role="status">${escapeHtml(message)}</p>` : ''}</body></html>`
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = ''
  for await (const chunk of req) {
    body += chunk
    if (body.length > 4096) break
  }
  return new URLSearchParams(body)
}

function send(res: ServerResponse, status: number, html: string) {
  res.statusCode = status
  res.setHeader('content-type', 'text/html; charset=utf-8')
  res.end(html)
}

/**
 * `/inbox` redirects to the devnet's mail inbox page; `/faucet` is a form that tops an address up.
 *
 * @example
 * createServer({ plugins: [devnetPagesPlugin({ inboxUrl: devnet.auth.inboxUrl, evmRpcUrl: devnet.evm.rpcUrl })] })
 */
export function devnetPagesPlugin(options: { inboxUrl: string; evmRpcUrl: string }): Plugin {
  const mount = (middlewares: Connect.Server) => {
    middlewares.use('/inbox', (req, res) => {
      const query = new URL(req.url ?? '/', 'http://x').search
      res.statusCode = 302
      res.setHeader('location', `${options.inboxUrl}/${query}`)
      res.end()
    })
    middlewares.use('/faucet', (req, res) => {
      if (req.method !== 'POST') return send(res, 200, faucetPage())
      void readForm(req)
        .then((form) => topUp(options.evmRpcUrl, (form.get('address') ?? '').trim()))
        .then(
          ({ before, after }) =>
            send(
              res,
              200,
              faucetPage(
                before === after ? 'That address already holds 10 ETH or more.' : 'Sent: it now holds 10 ETH.',
              ),
            ),
          (error: Error) => send(res, 400, faucetPage(error.message)),
        )
    })
  }
  // The same routes on the dev server and on the preview of a build.
  return {
    name: 'portico-demo-devnet-pages',
    configureServer: (server) => mount(server.middlewares),
    configurePreviewServer: (server) => mount(server.middlewares),
  }
}
