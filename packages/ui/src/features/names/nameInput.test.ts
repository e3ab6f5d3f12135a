import { expect, test } from 'vitest'
import { nameInputProblem, nameLabel } from './nameInput.js'

const suffixes = ['.reown.id', '.wcn.id']

test('the spec rule: letters, digits and hyphen, at least 4 characters, read without the suffix', () => {
  expect(nameInputProblem('', suffixes)).toBeUndefined()
  expect(nameInputProblem('alice', suffixes)).toBeUndefined()
  expect(nameInputProblem('a-1b', suffixes)).toBeUndefined()
  expect(nameInputProblem('Alice-99.wcn.id', suffixes)).toBeUndefined()
  expect(nameInputProblem('bob', suffixes)).toBe('short')
  expect(nameInputProblem('bob.reown.id', suffixes)).toBe('short')
  expect(nameInputProblem('al_ice', suffixes)).toBe('characters')
  expect(nameInputProblem('al ice', suffixes)).toBe('characters')
  expect(nameInputProblem('alice.eth', suffixes)).toBe('characters')
  expect(nameInputProblem('bé', suffixes)).toBe('characters')
})

test('the label is trimmed, lower case and loses a known suffix only', () => {
  expect(nameLabel(' Alice.WCN.id ', suffixes)).toBe('alice')
  expect(nameLabel('alice.reown.id', suffixes)).toBe('alice')
  expect(nameLabel('alice.other.id', suffixes)).toBe('alice.other.id')
})

test('edge: a label has at most 63 characters (a DNS label, as the headless rule and the name service take), suffix not counted', () => {
  expect(nameInputProblem('a'.repeat(63), suffixes)).toBeUndefined()
  expect(nameInputProblem(`${'a'.repeat(63)}.reown.id`, suffixes)).toBeUndefined()
  expect(nameInputProblem('a'.repeat(64), suffixes)).toBe('long')
  expect(nameInputProblem(`${'a'.repeat(64)}.wcn.id`, suffixes)).toBe('long')
})
