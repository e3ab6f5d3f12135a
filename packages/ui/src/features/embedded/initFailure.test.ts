// isInitFailure: which errors mean the embedded wallet could not start (the spec's 'A problem
// occurred while trying initialize authentication', then back to Connect). The hook's toast and
// return to Connect through the views, with a frame that never loads, are in
// EmailLogin.browser.test.tsx ("a secure frame that never loads").
import { BaseError } from '@portico/headless'
import { expect, test } from 'vitest'
import { isInitFailure } from './initFailure.js'

const named = (name: string) => Object.assign(new BaseError('failed'), { name })

test('behavior: the frame that never loaded and the wallet that is not configured are init failures', () => {
  expect(isInitFailure(named('EmbeddedWalletLoadError'))).toBe(true)
  expect(isInitFailure(named('EmbeddedWalletNotConfiguredError'))).toBe(true)
  // By name: a plain object the frame's answer was read into counts as well.
  expect(isInitFailure({ name: 'EmbeddedWalletLoadError' })).toBe(true)
})

test('behavior: the refusals of a wallet that did start are not init failures (a wrong code, a timeout, a closed popup, an aborted request)', () => {
  for (const name of [
    'EmbeddedWalletError',
    'EmbeddedWalletTimeoutError',
    'SocialPopupClosedError',
    'RequestAbortedError',
    'EmailCooldownError',
    'NotConnectedToEmailError',
    'NoAuthConnectorError',
    'Error',
  ])
    expect(isInitFailure(named(name)), name).toBe(false)
})

test('edge: nothing, primitives and look-alikes are not init failures (no throw on any of them)', () => {
  for (const value of [
    undefined,
    null,
    0,
    '',
    'EmbeddedWalletLoadError',
    Symbol('EmbeddedWalletLoadError'),
    {},
    { name: 'embeddedwalletloaderror' },
    { name: 'EmbeddedWalletLoadError ' },
    { name: ['EmbeddedWalletLoadError'] },
    { message: 'EmbeddedWalletLoadError' },
  ])
    expect(isInitFailure(value), String(typeof value === 'symbol' ? 'symbol' : JSON.stringify(value))).toBe(false)
})
