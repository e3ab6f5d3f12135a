import { expect, test } from 'vitest'
import { localeDirection, supportedLocales } from '../../i18n/locales.js'
import { expectCompleteTranslations } from '../../test/featureMessages.js'
import { createFormatters } from '../../utils/format.js'
import { activityMessages } from './messages.js'
import { nftsMessages } from './nftMessages.js'

// A type no table has keeps the API's word: given capitalised, it reaches the text as given.
test('the Activity list’s messages are complete in every language', () =>
  expectCompleteTranslations(activityMessages, { operationType: ['Liquidate'] }))

test('English labels say what happened, in the past tense', () => {
  const label = activityMessages.en.operationType
  expect(['send', 'receive', 'trade', 'approve', 'mint', 'burn', 'deposit', 'withdraw'].map(label)).toEqual([
    'Sent',
    'Received',
    'Swapped',
    'Approved',
    'Minted',
    'Burned',
    'Deposited',
    'Withdrew',
  ])
  // The API's case does not matter; an unknown type shows capitalised.
  expect(label('SEND')).toBe('Sent')
  expect(label('liquidate')).toBe('Liquidate')
})

test.each(supportedLocales)('%s: every kind has its own label, never the English one', async (locale) => {
  const label = (await activityMessages.load(locale)).operationType
  const kinds = ['send', 'receive', 'trade', 'approve', 'mint']
  const labels = kinds.map(label)
  expect(new Set(labels).size).toBe(kinds.length)
  if (locale !== 'en')
    for (const [i, kind] of kinds.entries()) expect(labels[i]).not.toBe(activityMessages.en.operationType(kind))
})

// The spec's signs: plus for money in (receive, deposit, borrow, claim), minus for money out
// (withdraw, repay, burn), none for the rest: in no language does a send read as money received.
test.each(supportedLocales)('%s: the amount’s sign follows the kind', (locale) => {
  const format = createFormatters(locale, localeDirection(locale))
  // The sign before the first digit (Latin or Arabic-Indic), past any bidi mark.
  const sign = (type: string) => /^[^\d\u0660-\u0669]*?([+\-\u2212])/.exec(format.signedAmount(type, '1.5'))?.[1] ?? ''
  for (const type of ['receive', 'deposit', 'borrow', 'claim']) expect(sign(type), type).toBe('+')
  for (const type of ['withdraw', 'repay', 'burn']) expect(['-', '\u2212'], type).toContain(sign(type))
  for (const type of ['send', 'trade', 'approve', 'mint']) expect(sign(type), type).toBe('')
})

test('the NFTs tab’s messages are complete in every language', () =>
  expectCompleteTranslations(nftsMessages, { nftsOwned: ['3'] }))
