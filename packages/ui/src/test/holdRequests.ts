/**
 * @internal Test helper: an instance `fetch` (the `fetch` option of `createPortico`) that, while
 * `holding`, holds every request whose URL contains `path` until `release()`, then sends it to the
 * real server; `held` counts the requests held. Other requests, and requests made while not
 * holding, go straight through; `inFlight` counts those of `path` still waiting for their answer
 * (a test that starts holding can wait for it to reach 0, so no answer asked before lands after).
 * Lets a test see a view while an answer is still on its way, or keep a refresh from landing
 * before the test's own step.
 *
 * @example
 * const sessions = holdRequests('/v1/sessions/')
 * await openAccount({ fetch: sessions.fetch })
 * await expect.poll(() => sessions.held).toBeGreaterThan(0)
 * sessions.release()
 */
export function holdRequests(path: string, { holding = true } = {}) {
  let release!: () => void
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  const control = { holding, held: 0, inFlight: 0, release: () => release() }
  const fetchHeld: typeof fetch = (input, init) => {
    const url = String(input instanceof Request ? input.url : input)
    if (!url.includes(path)) return fetch(input, init)
    if (!control.holding) {
      control.inFlight++
      return fetch(input, init).finally(() => {
        control.inFlight--
      })
    }
    control.held++
    return released.then(() => fetch(input, init))
  }
  return Object.assign(control, { fetch: fetchHeld })
}
