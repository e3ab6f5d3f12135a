import { test } from 'vitest'
import { expectCompleteTranslations } from '../../test/featureMessages.js'
import { walletsMessages } from './messages.js'

test('the wallets views’ messages are complete in every language', () =>
  expectCompleteTranslations(walletsMessages, {
    walletsDisconnectOne: ['MetaMask'],
    walletsSwitchTo: ['MetaMask'],
  }))
