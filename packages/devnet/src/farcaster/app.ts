/**
 * The devnet "Farcaster app": the page a Sign In With Farcaster link (`/~/siwf?channelToken=…`)
 * opens, in place of the Farcaster client on a phone. It shows what the app asks for and, on
 * Approve, signs the Sign In With Farcaster message with the chosen fid's custody key (on the
 * server: the page never holds a key) and posts it to the relay's authenticate endpoint through
 * `@farcaster/auth-client`, as a Farcaster client does.
 *
 * `/try` plays the app's side for a human: it opens a channel, and after approval shows what the
 * app receives and whether `verifySignInMessage` accepts it against the devnet IdRegistry.
 */
import { Hono } from 'hono'
import { html } from 'hono/html'
import type { HtmlEscapedString } from 'hono/utils/html'
import { getAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { NodeEnv } from '../emulator/app.js'
import type { FarcasterTestUser } from './registry.js'
import type { FarcasterChannelStatus } from './relay.js'

type Html = HtmlEscapedString | Promise<HtmlEscapedString>

/** @internal Options for {@link createFarcasterApp}. */
export interface FarcasterAppOptions {
  relayUrl: () => string
  appUrl: () => string
  evmRpcUrl: string
  authKey: string
  users: readonly FarcasterTestUser[]
  /** Reads a channel without closing it (a completed channel is for the app that opened it). */
  peek(channelToken: string): FarcasterChannelStatus | undefined
}

function page(title: string, body: Html): Html {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <style>
      body { font: 15px/1.5 system-ui, sans-serif; margin: 0; background: #f5f3fb; color: #1f1a2e; }
      header { background: #7c65c1; color: #fff; padding: 14px 24px; font-weight: 600; }
      main { max-width: 460px; margin: 32px auto; background: #fff; border-radius: 12px; padding: 24px; box-shadow: 0 1px 4px #0002; }
      dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; word-break: break-all; }
      dt { font-weight: 600; }
      fieldset { border: 1px solid #ddd6f3; border-radius: 8px; margin: 16px 0; }
      label { display: block; padding: 4px 0; }
      button { font: inherit; padding: 8px 16px; border-radius: 6px; border: 0; background: #7c65c1; color: #fff; cursor: pointer; }
      .muted { color: #6b6384; font-size: 13px; }
    </style>
  </head>
  <body>
    <header>Farcaster (Portico devnet)</header>
    <main>${body}</main>
  </body>
</html>`
}

const avatar = (user: FarcasterTestUser) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="48" fill="#7c65c1"/><text x="48" y="58" font-family="sans-serif" font-size="34" fill="#fff" text-anchor="middle">${user.displayName
    .split(' ')
    .map((w) => w[0])
    .join('')}</text></svg>`

/** @internal The Farcaster app's Hono app. */
export function createFarcasterApp(options: FarcasterAppOptions): Hono<NodeEnv> {
  const app = new Hono<NodeEnv>()
  // One approval per channel at a time: a double click must not post two signatures.
  const approving = new Set<string>()
  const authClient = async () => {
    const { createAppClient, createWalletClient, viemConnector } = await import('@farcaster/auth-client')
    const config = { relay: options.relayUrl(), ethereum: viemConnector({ rpcUrl: options.evmRpcUrl }) }
    return { wallet: createWalletClient(config), app: createAppClient(config) }
  }

  app.get('/', (c) =>
    c.html(
      page(
        'Farcaster (devnet)',
        html`<h1>Farcaster app (devnet)</h1>
          <p>Sign In With Farcaster links (<code>/~/siwf?channelToken=…</code>) open here. Approve signs with the
            account's custody key, registered in the devnet IdRegistry.</p>
          <ul>
            ${options.users.map((u) => html`<li>@${u.username} · ${u.displayName} (fid ${u.fid}), custody ${u.custody}</li>`)}
          </ul>
          <p><a href="/try">Try a sign-in</a>: opens a channel as an app would.</p>`,
      ),
    ),
  )

  app.get('/avatars/:file{[0-9]+\\.svg}', (c) => {
    const user = options.users.find((u) => `${u.fid}.svg` === c.req.param('file'))
    if (!user) return c.notFound()
    return c.body(avatar(user), 200, { 'content-type': 'image/svg+xml' })
  })

  app.get('/~/siwf', (c) => {
    const channelToken = c.req.query('channelToken') ?? ''
    const channel = options.peek(channelToken)
    if (!channel)
      return c.html(
        page(
          'Sign in with Farcaster',
          html`<h1>Sign in with Farcaster</h1><p role="alert">This sign-in request is unknown, expired or already used.</p>`,
        ),
        404,
      )
    if (channel.state === 'completed')
      return c.html(
        page(
          'Sign in with Farcaster',
          html`<h1>Already approved</h1><p role="status">Signed in as @${channel.username ?? channel.fid}. You can return to ${channel.signatureParams.domain}.</p>`,
        ),
      )
    const params = channel.signatureParams
    return c.html(
      page(
        'Sign in with Farcaster',
        html`<h1>Sign in with Farcaster</h1>
          <p><strong>${params.domain}</strong> wants you to sign in with your Farcaster account.</p>
          <dl>
            <dt>Domain</dt><dd>${params.domain}</dd>
            <dt>URI</dt><dd>${params.siweUri}</dd>
            <dt>Nonce</dt><dd>${params.nonce}</dd>
            ${params.requestId ? html`<dt>Request</dt><dd>${params.requestId}</dd>` : ''}
            ${params.expirationTime ? html`<dt>Expires</dt><dd>${params.expirationTime}</dd>` : ''}
          </dl>
          <form method="post" action="/~/siwf/approve">
            <input type="hidden" name="channelToken" value="${channelToken}" />
            <fieldset>
              <legend>Account</legend>
              ${options.users.map(
                (u, i) =>
                  html`<label><input type="radio" name="fid" value="${u.fid}" ${i === 0 ? 'checked' : ''} /> @${u.username} · ${u.displayName} (fid ${u.fid})</label>`,
              )}
            </fieldset>
            <button type="submit">Approve</button>
          </form>
          <p class="muted">Approve signs a Sign In With Farcaster message with the account's custody key.</p>`,
      ),
    )
  })

  app.post('/~/siwf/approve', async (c) => {
    const form = await c.req.parseBody()
    const channelToken = typeof form.channelToken === 'string' ? form.channelToken : ''
    const user = options.users.find((u) => String(u.fid) === form.fid)
    const channel = options.peek(channelToken)
    const refuse = (message: string, status: 400 | 404 | 409) =>
      c.html(page('Sign in with Farcaster', html`<h1>Not approved</h1><p role="alert">${message}</p>`), status)
    if (!channel) return refuse('This sign-in request is unknown, expired or already used.', 404)
    if (!user) return refuse('Choose one of the devnet accounts.', 400)
    if (channel.state !== 'pending' || approving.has(channelToken))
      return refuse('This request is already approved.', 409)
    approving.add(channelToken)
    try {
      const { wallet } = await authClient()
      const params = channel.signatureParams
      let built: ReturnType<typeof wallet.buildSignInMessage>
      try {
        built = wallet.buildSignInMessage({
          fid: user.fid,
          address: getAddress(user.custody),
          domain: params.domain,
          uri: params.siweUri,
          nonce: params.nonce,
          ...(params.notBefore ? { notBefore: new Date(params.notBefore) } : {}),
          ...(params.expirationTime ? { expirationTime: new Date(params.expirationTime) } : {}),
          ...(params.requestId ? { requestId: params.requestId } : {}),
        })
      } catch (error) {
        // viem throws (rather than returns) on a field SIWE does not allow, e.g. a short nonce.
        return refuse(`The request cannot be signed: ${(error as Error).message.split('\n')[0]}`, 400)
      }
      if (built.isError) return refuse(`The request cannot be signed: ${built.error?.message ?? 'invalid'}`, 400)
      const signature = await privateKeyToAccount(user.custodyPrivateKey).signMessage({ message: built.message })
      const answer = await wallet.authenticate({
        channelToken,
        authKey: options.authKey,
        message: built.message,
        signature,
        fid: user.fid,
        username: user.username,
        displayName: user.displayName,
        bio: user.bio,
        pfpUrl: `${options.appUrl()}/avatars/${user.fid}.svg`,
      })
      // The client counts an answer of any HTTP status as one (only a network or JSON failure is
      // `isError`): a 401 for an expired channel or a 500 from the relay is a refusal too.
      if (answer.isError || !answer.response.ok)
        return refuse(
          `The relay refused the approval: ${answer.error?.message ?? `HTTP ${answer.response.status}`}`,
          409,
        )
      // The app's address is a link only when it is a web page: a `javascript:` one would run here.
      const back = params.redirectUrl && /^https?:\/\//i.test(params.redirectUrl) ? params.redirectUrl : undefined
      return c.html(
        page(
          'Signed in',
          html`<h1>Signed in</h1>
            <p role="status">Signed in to ${params.domain} as @${user.username}.</p>
            ${back ? html`<p><a href="${back}">Return to ${params.domain}</a></p>` : html`<p>You can return to ${params.domain}.</p>`}
            ${params.siweUri.startsWith(`${options.appUrl()}/try`) ? html`<p><a href="/try/result?channelToken=${channelToken}">See what the app receives</a></p>` : ''}`,
        ),
      )
    } finally {
      approving.delete(channelToken)
    }
  })

  app.get('/try', async (c) => {
    const { app: client } = await authClient()
    const host = new URL(options.appUrl()).host
    const created = await client.createChannel({ siweUri: `${options.appUrl()}/try`, domain: host })
    if (created.isError || !created.response.ok)
      return c.text(
        `The relay refused the channel: ${created.error?.message ?? `HTTP ${created.response.status}`}`,
        502,
      )
    return c.redirect(created.data.url, 303)
  })

  app.get('/try/result', async (c) => {
    const { app: client } = await authClient()
    const channelToken = c.req.query('channelToken') ?? ''
    const status = await client.status({ channelToken })
    if (status.isError || status.data.state !== 'completed' || !status.data.message || !status.data.signature)
      return c.html(
        page(
          'Sign in with Farcaster',
          html`<h1>Nothing to show</h1><p>The channel is not completed (or was read already).</p>`,
        ),
        404,
      )
    const verified = await client.verifySignInMessage({
      nonce: status.data.nonce,
      domain: new URL(options.appUrl()).host,
      message: status.data.message,
      signature: status.data.signature,
    })
    return c.html(
      page(
        'What the app receives',
        html`<h1>What the app receives</h1>
          <dl>
            <dt>fid</dt><dd>${status.data.fid}</dd>
            <dt>username</dt><dd>${status.data.username}</dd>
            <dt>custody</dt><dd>${status.data.custody}</dd>
            <dt>verified</dt><dd>${verified.isError ? `no: ${verified.error?.message}` : `yes, fid ${verified.fid} (${verified.authMethod})`}</dd>
          </dl>
          <pre>${status.data.message}</pre>`,
      ),
    )
  })

  return app
}
