// A browser's part of a social login, over HTTP: redirects, the provider's cookies, its login
// form (or account picker), up to the auth server's callback, whose page is then read for the
// result URI it posts to the secure frame.
import { socialTestPassword } from '../../../devnet/src/index.js'

class CookieJar {
  readonly #cookies = new Map<string, string>()
  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const at = pair.indexOf('=')
      const name = pair.slice(0, at).trim()
      const value = pair.slice(at + 1).trim()
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a))
      if (!value || expired) this.#cookies.delete(name)
      else this.#cookies.set(name, value)
    }
  }
}

/**
 * Follows the provider from `start` until it sends the browser to `callbackPrefix` (a redirect,
 * or Apple's form_post page), signing in on the login page as `username` or picking `pick`.
 * Answers the request the browser then makes to the callback.
 */
export async function browseToCallback(
  start: string,
  login: { username: string } | { pick: string },
  callbackPrefix: string,
): Promise<Request> {
  const jar = new CookieJar()
  let request: { url: URL; method: 'GET' | 'POST'; body?: URLSearchParams } = { url: new URL(start), method: 'GET' }
  let pending: typeof login | undefined = login
  for (let hop = 0; hop < 12; hop++) {
    const response = await fetch(request.url, {
      method: request.method,
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(request.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(request.body ? { body: request.body } : {}),
    })
    jar.take(response)
    const location = response.headers.get('location')
    if (location) {
      const next = new URL(location, request.url)
      if (next.href.startsWith(callbackPrefix)) return new Request(next)
      request = { url: next, method: 'GET' }
      continue
    }
    const html = await response.text()
    const formPost = /<form[^>]*action="([^"]+)"/.exec(html)
    if (formPost?.[1]?.startsWith(callbackPrefix)) {
      const fields = [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(
        ([, name = '', value = '']) => [name, value] as [string, string],
      )
      return new Request(formPost[1], {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      })
    }
    const uid = /action="\/interaction\/([^/"]+)\/login"/.exec(html)?.[1]
    if (response.status !== 200 || !uid || !pending) throw new Error(`provider page ${response.status}: ${html}`)
    request = {
      url: new URL(`/interaction/${uid}/${'pick' in pending ? 'pick' : 'login'}`, request.url),
      method: 'POST',
      body:
        'pick' in pending
          ? new URLSearchParams({ account: pending.pick })
          : new URLSearchParams({ username: pending.username, password: socialTestPassword }),
    }
    pending = undefined
  }
  throw new Error('too many redirects')
}

/** The data the callback page hands its script: the result URI and where it posts it. */
export async function readCallbackPage(
  request: Request,
): Promise<{ status: number; csp: string | null; uri: string; frameOrigins: string[]; pageOrigin?: string }> {
  const response = await fetch(request)
  const html = await response.text()
  const json = /<script type="application\/json" id="portico-result">([^<]*)<\/script>/.exec(html)?.[1]
  if (!json) throw new Error(`no result on the callback page: ${html}`)
  return { status: response.status, csp: response.headers.get('content-security-policy'), ...JSON.parse(json) }
}
