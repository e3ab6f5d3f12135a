// The embedded wallet's per-instance state: made on an instance's first ask, one per instance, and
// what the feature's verbs read and write (the wallet once made, the host's theme, test timings,
// the social login window). Node has no frames: the wallet here is a stand-in put in the state, as
// test/embeddedStandIn.ts does; making a real one (and its frame) is embeddedWallet.browser.test.tsx.
import { expect, test, vi } from 'vitest'
import { featureState } from '../../kernel/featureState.js'
import { embeddedKit } from '../../test/embeddedStandIn.js'
import { embeddedTimings } from '../../test/embeddedTimings.js'
import { getEmbeddedWallet } from './embeddedWallet.js'
import { embeddedState } from './state.js'
import { syncEmbeddedWalletTheme } from './syncEmbeddedWalletTheme.js'
import type { EmbeddedWallet } from './types.js'

test('default: an instance’s first ask makes its state with no wallet, theme, timings or login window, and later asks get the same one', () => {
  const portico = embeddedKit()
  const state = featureState(portico, embeddedState)
  expect(state).toEqual({ wallet: undefined, theme: undefined, timings: undefined, socialPopup: undefined })
  expect(featureState(portico, embeddedState)).toBe(state)
  expect(embeddedState.name).toBe('embedded')
})

test('behavior: each instance has its own: a theme or timings given to one, before any wallet, stay with it and make no wallet', () => {
  const first = embeddedKit()
  const second = embeddedKit()
  syncEmbeddedWalletTheme(first, { themeMode: 'light' })
  embeddedTimings.set(first, { loadTimeoutMs: 300 })
  expect(featureState(first, embeddedState)).toMatchObject({
    wallet: undefined,
    theme: { themeMode: 'light' },
    timings: { loadTimeoutMs: 300 },
  })
  expect(featureState(second, embeddedState)).toEqual({
    wallet: undefined,
    theme: undefined,
    timings: undefined,
    socialPopup: undefined,
  })
  expect(featureState(second, embeddedState)).not.toBe(featureState(first, embeddedState))
})

test('behavior: the wallet in an instance’s state is the one its verbs use: getEmbeddedWallet returns it as it is, and a new theme goes to it', () => {
  const portico = embeddedKit()
  const syncTheme = vi.fn()
  const wallet = { syncTheme } as unknown as EmbeddedWallet
  featureState(portico, embeddedState).wallet = wallet
  // Made once: a second ask makes no other wallet (Node has no document, so making one would throw).
  expect(getEmbeddedWallet(portico)).toBe(wallet)
  expect(getEmbeddedWallet(portico)).toBe(wallet)
  syncEmbeddedWalletTheme(portico, { themeMode: 'dark', themeVariables: { '--w3m-accent': '#7b61ff' } })
  expect(syncTheme).toHaveBeenCalledExactlyOnceWith({
    themeMode: 'dark',
    themeVariables: { '--w3m-accent': '#7b61ff' },
  })
  expect(featureState(portico, embeddedState).theme).toEqual({
    themeMode: 'dark',
    themeVariables: { '--w3m-accent': '#7b61ff' },
  })
  // Another instance does not see it.
  expect(featureState(embeddedKit(), embeddedState).wallet).toBeUndefined()
})
