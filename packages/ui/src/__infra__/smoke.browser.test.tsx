// Proves the browser test setup: real Chromium, vanilla-extract styles, keyboard focus, axe-core,
// screenshots and the offline network guard. Component tests for @portico/ui follow this shape.
import { describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { render } from 'vitest-browser-react'
import { expectNoSeriousA11yViolations, findA11yViolations } from './axe'
import { saveScreenshot } from './screenshot'
import { smokeButton } from './smoke.css'

function Smoke() {
  return (
    <main>
      <h1>Smoke</h1>
      <button type="button" className={smokeButton}>
        Connect wallet
      </button>
    </main>
  )
}

describe('browser test infrastructure', () => {
  it('runs in real Chromium', () => {
    expect(navigator.userAgent).toMatch(/Chrome\/\d+/)
    expect(navigator.userAgent).not.toMatch(/happy-dom|jsdom/i)
  })

  it('applies vanilla-extract styles, moves focus with the keyboard, and passes axe', async () => {
    const screen = await render(<Smoke />)
    const button = screen.getByRole('button', { name: 'Connect wallet' })
    await expect.element(button).toBeVisible()

    const computed = getComputedStyle(button.element())
    expect(computed.backgroundColor).toBe('rgb(20, 60, 140)')
    expect(computed.paddingLeft).toBe('20px')
    expect(button.element().getBoundingClientRect().height).toBeGreaterThan(30)

    await userEvent.keyboard('{Tab}')
    await expect.element(button).toHaveFocus()
    expect(getComputedStyle(button.element()).outlineColor).toBe('rgb(255, 170, 0)')

    await expectNoSeriousA11yViolations(screen.container)
    const path = await saveScreenshot('infra/smoke-focused', { element: button })
    expect(path).toMatch(/tests\/screenshots\/infra\/smoke-focused\.png$/)
  })

  it('reports serious axe violations (the scan is not a no-op)', async () => {
    const screen = await render(
      <div>
        <button type="button" style={{ color: '#777', background: '#888' }} />
      </div>,
    )
    const ids = (await findA11yViolations(screen.container)).map((v) => v.id)
    expect(ids).toContain('button-name')
  })

  it('blocks requests that leave the machine', async () => {
    const started = performance.now()
    await expect(fetch('http://192.0.2.1/portico-must-not-load')).rejects.toThrow(TypeError)
    // Refused by the browser's resolver at once (scripts/offline-browser.mjs), not after a network timeout.
    expect(performance.now() - started).toBeLessThan(2_000)

    // The handshake never reaches a server: the socket closes abnormally, without having opened.
    const socket = new WebSocket('wss://relay.portico-must-not-load.example/')
    let opened = false
    socket.addEventListener('open', () => {
      opened = true
    })
    const closed = await new Promise<CloseEvent>((resolve) => socket.addEventListener('close', resolve))
    expect({ opened, code: closed.code }).toEqual({ opened: false, code: 1006 })
  })

  it('has the default viewport', () => {
    expect(window.innerWidth).toBe(1280)
    expect(window.innerHeight).toBe(800)
    expect(page).toBeDefined()
  })
})
