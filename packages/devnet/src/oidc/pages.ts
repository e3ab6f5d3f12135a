import { html } from 'hono/html'
import type { HtmlEscapedString } from 'hono/utils/html'
import { type SocialProviderProfile, type SocialTestUser, socialTestPassword } from './providers.js'

type Html = HtmlEscapedString | Promise<HtmlEscapedString>

function page(profile: SocialProviderProfile, title: string, body: Html): Html {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <style>
      body { font: 15px/1.5 system-ui, sans-serif; margin: 0; background: #f6f7f9; color: #1b1f24; }
      header { background: ${profile.colour}; color: #fff; padding: 14px 24px; font-weight: 600; }
      main { max-width: 420px; margin: 32px auto; background: #fff; border-radius: 12px; padding: 24px; box-shadow: 0 1px 4px #0002; }
      label { display: block; margin: 12px 0 4px; font-weight: 600; }
      input { width: 100%; box-sizing: border-box; padding: 8px 10px; font: inherit; border: 1px solid #c9ced6; border-radius: 6px; }
      button { font: inherit; padding: 8px 14px; border-radius: 6px; border: 1px solid #c9ced6; background: #fff; cursor: pointer; }
      button[type='submit'].primary { background: ${profile.colour}; color: #fff; border-color: ${profile.colour}; margin-top: 16px; }
      .users { display: grid; gap: 8px; margin: 12px 0 20px; }
      .users button { text-align: left; width: 100%; }
      .error { color: #b42318; font-weight: 600; }
      .muted { color: #5b6470; font-size: 13px; }
    </style>
  </head>
  <body>
    <header>${profile.label} (Portico devnet)</header>
    <main>${body}</main>
  </body>
</html>`
}

/** The provider's login page: a one-click account picker and a username + password form. */
export function loginPage(
  profile: SocialProviderProfile,
  options: { uid: string; clientId: string; users: readonly SocialTestUser[]; error?: string; username?: string },
): Html {
  const { uid, users } = options
  return page(
    profile,
    `Sign in with ${profile.label}`,
    html`<h1>Sign in with ${profile.label}</h1>
      <p class="muted">to continue to <strong>${options.clientId}</strong> (a devnet client: no consent screen)</p>
      <form method="post" action="/interaction/${uid}/pick" class="users" aria-label="Choose an account">
        ${users.map(
          (user) => html`<button type="submit" name="account" value="${user.id}">Continue as ${user.username}</button>`,
        )}
      </form>
      <form method="post" action="/interaction/${uid}/login" aria-label="Sign in">
        ${options.error ? html`<p class="error" role="alert">${options.error}</p>` : ''}
        <label for="username">Username</label>
        <input id="username" name="username" autocomplete="username" required value="${options.username ?? ''}" />
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required />
        <button type="submit" class="primary">Sign in</button>
      </form>
      <form method="post" action="/interaction/${uid}/abort">
        <button type="submit">Cancel</button>
      </form>
      <p class="muted">Test users: ${users.map((u) => u.username).join(', ')}; password <code>${socialTestPassword}</code>.</p>`,
  )
}

/** A plain message page (errors, the "try this" result). */
export function messagePage(profile: SocialProviderProfile, title: string, message: Html | string): Html {
  return page(profile, title, html`<h1>${title}</h1><p>${message}</p>`)
}

/** An SVG avatar with the user's initials, so profile pictures resolve offline. */
export function avatarSvg(profile: SocialProviderProfile, user: SocialTestUser): string {
  const initials = user.name
    .split(' ')
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="48" fill="${profile.colour}"/><text x="48" y="58" font-family="sans-serif" font-size="36" fill="#fff" text-anchor="middle">${initials}</text></svg>`
}
