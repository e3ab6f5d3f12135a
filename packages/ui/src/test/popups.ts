// The login windows a browser test's page opens (the social logins' popups): recorded as the page
// opens them, with the event they were opened in, so that a test can close one as the user would,
// answer as a browser that blocked it, or check it was opened in the click. `restorePopups` in
// `afterEach` closes what is left open and gives the page its own `window.open` back.

const realOpen = window.open

/** A window the page asked for: `null` when it was blocked; `during`, the event being handled then. */
export type OpenedPopup = { popup: Window | null; during: string | undefined }

/** The windows asked for since the last {@link restorePopups}, in order. */
export const opened: OpenedPopup[] = []

/** Records the windows the page opens; `block` answers `null`, as a browser that blocked them. */
export function recordPopups({ block = false } = {}) {
  window.open = (...args: Parameters<typeof window.open>) => {
    const popup = block ? null : realOpen.apply(window, args)
    opened.push({ popup, during: window.event?.type })
    return popup
  }
}

/** Closes the recorded windows left open and restores `window.open`. */
export function restorePopups() {
  window.open = realOpen
  for (const { popup } of opened.splice(0)) if (popup && !popup.closed) popup.close()
}

/** Whether `popup` shows a page of another origin (reading its address throws there). */
export function onAnotherOrigin(popup: Window): boolean {
  try {
    return popup.location.href === undefined
  } catch {
    return true
  }
}
