import { expect, test } from 'vitest'
import { offlinePortico } from '../../test/fixtures.js'
import { isValidNameLabel, toAccountName } from './accountName.js'

const portico = (nameSuffixes?: string[]) => offlinePortico('p', nameSuffixes ? { nameSuffixes } : {})

test("isValidNameLabel: the spec's rule, letters, digits and hyphen, 4 to 63 characters", () => {
  for (const label of ['alice', 'Al-1', '1234', 'a'.repeat(63)]) expect(isValidNameLabel(label), label).toBe(true)
  for (const label of ['bob', 'al_ice', 'al ice', 'alice.id', 'ålice', '', 'a'.repeat(64), 42, undefined])
    expect(isValidNameLabel(label), String(label)).toBe(false)
})

test('default: a typed label gets the first suffix, lower case and trimmed', () => {
  expect(toAccountName(portico(), '  Alice ')).toEqual({ name: 'alice.reown.id', label: 'alice', suffix: '.reown.id' })
})

test('parameters: a typed suffix the instance lists is kept (any case); an unlisted one is part of the label', () => {
  const instance = portico(['.wcn.id', '.Example.ID'])
  expect(toAccountName(instance, 'carol.EXAMPLE.id')).toEqual({
    name: 'carol.example.id',
    label: 'carol',
    suffix: '.example.id',
  })
  expect(toAccountName(instance, 'carol')).toEqual({ name: 'carol.wcn.id', label: 'carol', suffix: '.wcn.id' })
  // '.reown.id' is not this instance's: its dot makes the label break the rule.
  expect(toAccountName(instance, 'carol.reown.id')).toBeUndefined()
})

test('validation: a label that breaks the rule gives undefined, also once its suffix is taken off', () => {
  const instance = portico()
  for (const typed of ['al', 'al.reown.id', '.reown.id', 'al_ice', 'x'.repeat(64)])
    expect(toAccountName(instance, typed), typed).toBeUndefined()
})
