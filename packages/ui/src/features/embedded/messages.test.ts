import { test } from 'vitest'
import { expectCompleteTranslations } from '../../test/featureMessages.js'
import { embeddedMessages } from './messages.js'

test('embedded wallet messages are complete in every language', () =>
  expectCompleteTranslations(embeddedMessages, { otpDigit: [2, 6], otpCooldown: [27] }))
