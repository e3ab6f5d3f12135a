// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { testAdapters, testNetworks } from '../../test/fixtures.js'
import type { Alert } from '../alerts.js'
import { createPortico } from '../createPortico.js'
import { PorticoProvider } from './PorticoProvider.js'
import { useAlerts } from './useAlerts.js'

afterEach(() => vi.restoreAllMocks())

// No project id: 'Project ID Not Configured' is raised while the instance is created.
const create = () => createPortico({ networks: testNetworks().all, adapters: testAdapters(), storage: null })

test('replays alerts raised before mount', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const portico = create()
  const onAlert = vi.fn()
  renderHook(() => useAlerts(onAlert), {
    wrapper: ({ children }) => <PorticoProvider config={portico}>{children}</PorticoProvider>,
  })
  expect(onAlert).toHaveBeenCalledWith(expect.objectContaining({ code: 'PROJECT_ID_NOT_CONFIGURED' }))
})

test('an alert raised later reaches the latest callback, and none after unmount', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const portico = create()
  const first: Alert[] = []
  const latest: Alert[] = []
  const { rerender, unmount } = renderHook(({ onAlert }) => useAlerts(onAlert), {
    initialProps: { onAlert: (alert: Alert) => void first.push(alert) },
    wrapper: ({ children }) => <PorticoProvider config={portico}>{children}</PorticoProvider>,
  })
  rerender({ onAlert: (alert: Alert) => void latest.push(alert) })
  portico.alerts.emit('RATE_LIMITED')
  expect(latest.map((a) => a.message)).toEqual(['Rate Limited'])
  expect(first.map((a) => a.code)).not.toContain('RATE_LIMITED')
  unmount()
  portico.alerts.emit('SERVER_ERROR')
  expect(latest).toHaveLength(1)
})
