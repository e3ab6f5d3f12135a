import { operationLabel } from '../../i18n/operationLabel.js'

/**
 * What each Activity entry did, in the past tense ('Sent', 'Received', 'Swapped', 'Approved',
 * 'Minted'): an entry is a finished transaction, so it reads as what happened, not as an action
 * to take. A type the table lacks (an API may add some) shows as it came, capitalised.
 */
const english = operationLabel({
  send: 'Sent',
  receive: 'Received',
  trade: 'Swapped',
  approve: 'Approved',
  deposit: 'Deposited',
  withdraw: 'Withdrew',
  mint: 'Minted',
  burn: 'Burned',
  borrow: 'Borrowed',
  repay: 'Repaid',
  stake: 'Staked',
  unstake: 'Unstaked',
  claim: 'Claimed',
  execute: 'Executed',
  deploy: 'Deployed',
  cancel: 'Cancelled',
})

/** English text of the Activity list; other languages load on demand. */
export const activityEn = {
  operationType: (type: string) => english(type),
}
