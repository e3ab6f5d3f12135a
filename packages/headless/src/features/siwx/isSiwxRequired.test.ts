import { expect, test } from 'vitest'
import { memoryStorage } from '../../test/fixtures.js'
import { siwxSuite } from '../../test/siwxFixture.js'
import { isSiwxRequired } from './isSiwxRequired.js'
import { localSiwx } from './localSiwx.js'

const setup = siwxSuite()
const local = (required?: boolean) =>
  localSiwx({ storage: memoryStorage(), domain: 'app.test', uri: 'https://app.test', required })

test('false without a sign-in option', () => {
  expect(isSiwxRequired(setup(undefined).portico)).toBe(false)
})

test('follows the config: required when the app says so, optional otherwise', () => {
  expect(isSiwxRequired(setup(local(true)).portico)).toBe(true)
  expect(isSiwxRequired(setup(local(false)).portico)).toBe(false)
})

test('a config without getRequired counts as optional', () => {
  const { getRequired: _, ...rest } = local(true)
  expect(isSiwxRequired(setup(rest).portico)).toBe(false)
})
