import { getInternalError, getSdkError } from '@walletconnect/utils'
import { describe, expect, test } from 'vitest'
import { toWalletConnectProtocolError, WalletConnectProtocolError } from './errors.js'

// The SDK's own error builders make the inputs: a change in the SDK's texts or codes fails here.
describe('toWalletConnectProtocolError', () => {
  test.each([
    [new Error(getInternalError('MISSING_OR_INVALID', 'request() params').message), 'MISSING_OR_INVALID'],
    [new Error(getInternalError('NO_MATCHING_KEY', "session topic doesn't exist: 0f0f").message), 'NO_MATCHING_KEY'],
    [new Error(getInternalError('EXPIRED', 'session topic: 0f0f').message), 'EXPIRED'],
    [new Error(getInternalError('NOT_INITIALIZED', 'Engine').message), 'NOT_INITIALIZED'],
    [new Error('Record was recently deleted - session: 0f0f'), 'RECORD_DELETED'],
    [new Error('Request expired. Please try again.'), 'EXPIRED'],
    [getSdkError('UNSUPPORTED_CHAINS'), 'UNSUPPORTED_CHAINS'],
    [getSdkError('USER_DISCONNECTED'), 'USER_DISCONNECTED'],
    [getSdkError('INVALID_UPDATE_REQUEST'), 'INVALID_UPDATE_REQUEST'],
  ] as const)('%o is the typed kind %s, with the original as its cause', (error, kind) => {
    const typed = toWalletConnectProtocolError(error)
    expect(typed).toBeInstanceOf(WalletConnectProtocolError)
    expect(typed?.kind).toBe(kind)
    expect(typed?.cause).toBe(error)
    expect(typed?.shortMessage.length).toBeGreaterThan(0)
  })

  test("the spec's texts for the two kinds it words", () => {
    expect(new WalletConnectProtocolError({ kind: 'NOT_INITIALIZED' }).shortMessage).toBe('Sign Client not initialized')
    expect(new WalletConnectProtocolError({ kind: 'RECORD_DELETED' }).shortMessage).toBe('Record was recently deleted')
  })

  test("a wallet's rejection, a chain's RPC error and junk are not protocol errors: they pass on as they came", () => {
    expect(toWalletConnectProtocolError(getSdkError('USER_REJECTED'))).toBeUndefined()
    expect(toWalletConnectProtocolError({ code: 4001, message: 'User rejected the request.' })).toBeUndefined()
    expect(toWalletConnectProtocolError({ code: -32000, message: 'execution reverted' })).toBeUndefined()
    expect(toWalletConnectProtocolError(new Error('Expiredness is a state of mind'))).toBeUndefined()
    for (const junk of [undefined, null, 42, 'nope', {}, { code: '5100' }])
      expect(toWalletConnectProtocolError(junk)).toBeUndefined()
  })

  test('an error already typed is returned as it is', () => {
    const typed = new WalletConnectProtocolError({ kind: 'EXPIRED' })
    expect(toWalletConnectProtocolError(typed)).toBe(typed)
  })
})
