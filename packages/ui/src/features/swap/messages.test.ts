import { test } from 'vitest'
import { expectCompleteTranslations } from '../../test/featureMessages.js'
import { swapMessages } from './messages.js'

test('swap messages are complete in every language', () =>
  expectCompleteTranslations(swapMessages, { swapBalance: ['1.234'], swapSuccess: ['1 ETH', '2,990.5 USDC'] }))
