import { test } from 'vitest'
import { expectCompleteTranslations } from '../../test/featureMessages.js'
import { sendMessages } from './messages.js'

test('send messages are complete in every language', () =>
  expectCompleteTranslations(sendMessages, {
    sendBalance: ['1.234 USDC'],
    sendTooManyDecimals: [6],
    sendSuccess: ['5 USDC'],
  }))
