import { expect, test } from 'vitest'
import type { ConnectionStatus } from '../types.js'
import { type ConnectionEvent, nextConnectionStatus } from './status.js'

test.each<[ConnectionStatus, ConnectionEvent, ConnectionStatus]>([
  ['disconnected', 'CONNECT', 'connecting'],
  ['connecting', 'CONNECTED', 'connected'],
  ['connecting', 'FAILED', 'disconnected'],
  ['disconnected', 'RECONNECT', 'reconnecting'],
  ['reconnecting', 'CONNECTED', 'connected'],
  ['reconnecting', 'FAILED', 'disconnected'],
  ['reconnecting', 'CONNECT', 'reconnecting'],
  ['connected', 'CONNECT', 'connecting'],
  ['connected', 'CONNECTED', 'connected'],
  ['connected', 'FAILED', 'connected'],
  ['connected', 'RECONNECT', 'connected'],
  ['connected', 'DISCONNECTED', 'disconnected'],
  ['connecting', 'DISCONNECTED', 'disconnected'],
  ['disconnected', 'FAILED', 'disconnected'],
])('%s --%s--> %s', (from, event, to) => {
  expect(nextConnectionStatus(from, event)).toBe(to)
})
