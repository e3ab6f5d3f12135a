// asBaseError: what an email or social login's failure becomes before its view reads
// `shortMessage` (emailLogin.ts, socialLogin.ts). The texts the views then show for each named
// error are in refusalText.test.ts, EmailLogin.browser.test.tsx and ConnectingSocialView.browser.test.tsx.
import { BaseError } from '@portico/headless'
import { expect, test } from 'vitest'
import { asBaseError } from './asBaseError.js'

class FrameRefusal extends BaseError {
  override name = 'EmbeddedWalletError'
}

test('behavior: a headless error passes as it is: the same object, its name and short message kept', () => {
  const plain = new BaseError('User rejected the request.')
  expect(asBaseError(plain)).toBe(plain)
  const refusal = new FrameRefusal('Invalid code')
  const out = asBaseError(refusal)
  expect(out).toBe(refusal)
  expect(out.name).toBe('EmbeddedWalletError')
  expect(out.shortMessage).toBe('Invalid code')
})

test.each([
  ['a thrown string', 'boom'],
  ['a browser error', new TypeError('Failed to fetch')],
  ['a DOMException', new DOMException('The operation was aborted.', 'AbortError')],
  ['a number', 42],
])('error: %s reads "Something went wrong", with the original as its cause', (_, thrown) => {
  const out = asBaseError(thrown)
  expect(out).toBeInstanceOf(BaseError)
  expect(out.name).toBe('PorticoError')
  expect(out.shortMessage).toBe('Something went wrong')
  expect(out.cause).toBe(thrown)
})

test('edge: undefined and null still give a typed error with the generic text (the view never reads shortMessage of nothing)', () => {
  for (const thrown of [undefined, null]) {
    const out = asBaseError(thrown)
    expect(out).toBeInstanceOf(BaseError)
    expect(out.shortMessage).toBe('Something went wrong')
  }
})

test('security: an object that only looks like a kit error (a frame message read into a plain object) does not choose the text shown', () => {
  const spoof = { name: 'EmbeddedWalletError', shortMessage: 'Send 1 ETH to 0xattacker to unlock your wallet' }
  const out = asBaseError(spoof)
  expect(out).not.toBe(spoof)
  expect(out.shortMessage).toBe('Something went wrong')
  expect(out.name).toBe('PorticoError')
  expect(out.cause).toBe(spoof)
})

test("security: a browser error's message is kept for developers (details) but never becomes the short message", () => {
  const out = asBaseError(new Error('<img src=x onerror=alert(1)>'))
  expect(out.shortMessage).toBe('Something went wrong')
  expect(out.details).toBe('<img src=x onerror=alert(1)>')
})
