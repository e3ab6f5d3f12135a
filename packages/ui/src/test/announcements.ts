/**
 * Records every text announced in a live region (`role="status"` or `role="alert"`) from now on.
 *
 * Toasts leave after a few seconds by design. Polling for one that is still on screen makes a
 * test depend on how fast a loaded machine runs: under load the toast can come and go between two
 * polls. Recording each announcement as the DOM changes removes that race: a test asserts "this
 * was announced", whatever happened to the toast afterwards.
 *
 * @example
 * const announced = recordAnnouncements()
 * await userEvent.click(copyButton)
 * await expect.poll(announced.texts).toContainEqual(expect.stringMatching(/Address copied/))
 * announced.stop()
 */
export function recordAnnouncements(root: Node = document.body) {
  const seen: string[] = []
  const collect = () => {
    for (const region of (root as ParentNode).querySelectorAll('[role="status"], [role="alert"]')) {
      const text = region.textContent?.trim()
      if (text && seen.at(-1) !== text && !seen.includes(text)) seen.push(text)
    }
  }
  const observer = new MutationObserver(collect)
  observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true })
  return {
    /** Every distinct text announced since recording started, oldest first. */
    texts: () => [...seen],
    stop: () => observer.disconnect(),
  }
}
