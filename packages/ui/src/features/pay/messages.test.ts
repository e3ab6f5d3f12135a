import { test } from 'vitest'
import { expectCompleteTranslations } from '../../test/featureMessages.js'
import { payMessages } from './messages.js'

test('pay messages are complete in every language', () => expectCompleteTranslations(payMessages, {}))
