import { test } from 'vitest'
import { expectCompleteTranslations } from '../../test/featureMessages.js'
import { walletConnectMessages } from './messages.js'

test('the WalletConnect views’ messages are complete in every language', () =>
  expectCompleteTranslations(walletConnectMessages))
