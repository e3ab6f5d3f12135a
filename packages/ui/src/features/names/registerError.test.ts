// registerErrorText: which of the spec's texts RegisterAccountName shows for each failure of
// `registerName` (by the headless error's name and reason), in English and in a translation with
// its own word order. The alert in the form, a taken name and a declined signature end to end are
// in RegisterAccountNameView.browser.test.tsx and RegisterAccountName.browser.test.tsx.
import { expect, test } from 'vitest'
import { namesAr } from './names.ar.js'
import { namesEn } from './names.en.js'
import { registerErrorText } from './registerError.js'

const name = 'alice.reown.id'

test('default: no error, no text', () => {
  expect(registerErrorText(namesEn, undefined, name)).toBeUndefined()
  expect(registerErrorText(namesEn, null, name)).toBeUndefined()
})

test('behavior: a declined signature is the user\'s own cancel: one line, not "Error registering"', () => {
  expect(registerErrorText(namesEn, { name: 'UserRejectedRequestError' }, name)).toEqual([
    'You declined the signature request.',
  ])
})

test("behavior: no wallet that can register names reads the spec's 'Address or auth connector not found'", () => {
  expect(registerErrorText(namesEn, { name: 'NameConnectorNotFoundError' }, name)).toEqual([
    'Address or auth connector not found',
  ])
})

test('behavior: a taken name gets both spec texts, each naming the name the user asked for', () => {
  expect(registerErrorText(namesEn, { name: 'NameRegistrationError', reason: 'taken' }, name)).toEqual([
    'Error registering name alice.reown.id',
    'alice.reown.id is taken.',
  ])
})

test.each(['failed', 'invalid-name', undefined])(
  'error: a registration that failed for reason %s says only "Error registering name", never "is taken"',
  (reason) => {
    const text = registerErrorText(namesEn, { name: 'NameRegistrationError', reason }, name)
    expect(text).toEqual(['Error registering name alice.reown.id'])
    expect(text).toHaveLength(1)
  },
)

test('error: any other failure (the service down, a thrown TypeError) falls back to "Error registering name"', () => {
  for (const other of ['BlockchainApiError', 'TypeError', 'PorticoError', ''])
    expect(registerErrorText(namesEn, { name: other }, name), other).toEqual(['Error registering name alice.reown.id'])
})

test('edge: "taken" counts only on a registration error: another error with that reason is not told the name is taken', () => {
  expect(registerErrorText(namesEn, { name: 'BlockchainApiError', reason: 'taken' }, name)).toEqual([
    'Error registering name alice.reown.id',
  ])
})

test('behavior: a translation places the name where its own sentence wants it', () => {
  const [title, detail] = registerErrorText(namesAr, { name: 'NameRegistrationError', reason: 'taken' }, name) ?? []
  expect(title).toBe(namesAr.nameErrorRegister(name))
  expect(detail).toBe(namesAr.nameIsTaken(name))
  expect(title).not.toBe(namesEn.nameErrorRegister(name))
  expect(detail).toContain(name)
  expect(registerErrorText(namesAr, { name: 'UserRejectedRequestError' }, name)).toEqual([namesAr.nameRejected])
})
