// operationLabel: the Activity list's label for a blockchain API's operation type, from a
// language's table (activity.<locale>.ts), with the fallback for a type the table lacks. The list
// itself (rows, markup in a type kept as text) is in features/account/ActivityList.browser.test.tsx;
// every locale's table being complete is in features/account/messages.test.ts.
import { expect, test } from 'vitest'
import { activityEn } from '../features/account/activity.en.js'
import { activityFr } from '../features/account/activity.fr.js'
import { type OperationType, operationLabel } from './operationLabel.js'

const types: OperationType[] = [
  'send',
  'receive',
  'trade',
  'approve',
  'deposit',
  'withdraw',
  'mint',
  'burn',
  'borrow',
  'repay',
  'stake',
  'unstake',
  'claim',
  'execute',
  'deploy',
  'cancel',
]
const table = Object.fromEntries(types.map((type) => [type, `<${type}>`])) as Record<OperationType, string>
const label = operationLabel(table)

test('behavior: each known type reads its own entry of the table', () => {
  for (const type of types) expect(label(type)).toBe(`<${type}>`)
  expect(activityEn.operationType('trade')).toBe('Swapped')
  expect(activityFr.operationType('send')).toBe('Envoyé')
})

test('edge: the type is matched whatever its case (an API that sends SEND or Trade)', () => {
  expect(label('SEND')).toBe('<send>')
  expect(label('Trade')).toBe('<trade>')
  expect(activityEn.operationType('UnStake')).toBe('Unstaked')
})

test('default: a type the table lacks shows as it came, its first letter capitalised, the rest untouched', () => {
  expect(label('liquidate')).toBe('Liquidate')
  expect(label('multiCall')).toBe('MultiCall')
  expect(label('élever')).toBe('Élever')
  // The same in every language: the fallback is not translated.
  expect(activityFr.operationType('liquidate')).toBe('Liquidate')
})

test('edge: an empty type and one that starts with no letter come back unchanged, as text', () => {
  expect(label('')).toBe('')
  expect(label('<b>rug</b>')).toBe('<b>rug</b>')
  expect(label('1inch')).toBe('1inch')
})

test('edge: a label that is an empty string in the table is used, not replaced by the fallback', () => {
  const sparse = operationLabel({ ...table, cancel: '' })
  expect(sparse('cancel')).toBe('')
})

// The table is a plain object: an operation type from the blockchain API (any string) named like an
// Object.prototype member must not find that member ('__proto__' gave an object, which React
// refuses as a child, and threw while rendering the Activity list).
test('edge: a type named like an Object member falls back to itself, capitalised, as a string', () => {
  expect(label('constructor')).toBe('Constructor')
  expect(label('__proto__')).toBe('__proto__')
  expect(typeof activityEn.operationType('__PROTO__')).toBe('string')
  expect(typeof label('toString')).toBe('string')
})
