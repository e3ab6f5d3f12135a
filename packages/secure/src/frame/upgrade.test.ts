import { describe, expect, test } from 'vitest'
import { parseFrameMessage, upgradeUnsupportedCode } from '../protocol/replies.js'
import { parseAppMessage } from '../protocol/requests.js'
import { simple7702Implementation } from './delegation.js'
import { delegationRows, payerRows, upgradeCall, upgradeTexts } from './upgrade.js'

const account = '0x1111111111111111111111111111111111111111'
const operation = {} as never

describe('the upgrade prompt, in plain words', () => {
  test('says what changes, that the address stays, which contract, and that it can be undone', () => {
    const rows = delegationRows(account, simple7702Implementation)
    expect(rows).toEqual([
      { label: 'Account upgrade', value: upgradeTexts.what },
      { label: 'Your address', value: `${account} (stays the same)` },
      { label: 'How', value: upgradeTexts.how },
      { label: 'Contract', value: simple7702Implementation },
      { label: 'Undo', value: upgradeTexts.undo },
    ])
    expect(upgradeTexts.what).toMatch(/^Your account keeps its address and gains batched and sponsored transactions/)
    expect(upgradeTexts.undo).toMatch(/^It can be undone/)
  })

  test('a contract other than Simple7702Account is named, not described as the audited one', () => {
    const other = '0x2222222222222222222222222222222222222222'
    const how = delegationRows(account, other).find((row) => row.label === 'How')?.value
    expect(how).toBe(`Your account starts running the contract at ${other} (EIP-7702).`)
    expect(how).not.toMatch(/audited/)
  })

  test('who pays: the app when sponsored; the user, at most what, and why the paymaster refused', () => {
    expect(payerRows({ operation, sponsored: true, maxCost: 0n }, 'your account')).toEqual([
      { label: 'Gas paid by', value: 'The app (sponsored by its paymaster)' },
    ])
    expect(payerRows({ operation, sponsored: false, maxCost: 1234n }, 'your account')).toEqual([
      { label: 'Gas paid by', value: 'You, from your account (at most 1234 wei)' },
    ])
    expect(
      payerRows(
        { operation, sponsored: false, maxCost: 5n, refusal: 'sponsorship is switched off' },
        'the smart account',
      ),
    ).toEqual([
      { label: 'Gas paid by', value: 'You, from the smart account (at most 5 wei)' },
      { label: 'Sponsorship refused', value: 'sponsorship is switched off' },
    ])
  })

  test("the upgrade's operation calls the account itself with nothing", () => {
    expect(upgradeCall(account)).toEqual({ to: account, value: 0n, data: '0x' })
  })
})

describe('the upgrade in the frame protocol', () => {
  test('the request carries nothing; the reply the account, the contract and the transaction', () => {
    expect(parseAppMessage({ id: 'u1', type: '@portico-app/UPGRADE_ACCOUNT' })).toEqual({
      success: true,
      data: { id: 'u1', name: 'UPGRADE_ACCOUNT', payload: undefined },
    })
    const reply = parseFrameMessage({
      id: 'u1',
      type: '@portico-frame/UPGRADE_ACCOUNT_SUCCESS',
      payload: { address: account, implementation: simple7702Implementation, transactionHash: `0x${'ab'.repeat(32)}` },
    })
    expect(reply).toMatchObject({
      success: true,
      data: { kind: 'success', name: 'UPGRADE_ACCOUNT', payload: { address: account } },
    })
  })

  test("the refusal of a network that cannot take it carries EIP-5792's 5760", () => {
    expect(upgradeUnsupportedCode).toBe(5760)
    const reply = parseFrameMessage({
      id: 'u2',
      type: '@portico-frame/UPGRADE_ACCOUNT_ERROR',
      payload: { message: 'This network does not support upgrading the account: no bundler', code: 5760 },
    })
    expect(reply).toMatchObject({ success: true, data: { kind: 'error', name: 'UPGRADE_ACCOUNT', code: 5760 } })
  })
})
