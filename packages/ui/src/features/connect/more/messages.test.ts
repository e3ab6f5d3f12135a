import { test } from 'vitest'
import { expectCompleteTranslations } from '../../../test/featureMessages.js'
import { connectMoreMessages } from './messages.js'

test('the collapsed wallets row and the branding line are complete in every language', () =>
  expectCompleteTranslations(connectMoreMessages, { poweredBy: ['Portico'] }))
