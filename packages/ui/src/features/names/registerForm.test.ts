import { expect, test } from 'vitest'
import { createStore } from '../../utils/store.js'
import { createRegisterForm, showSuccessOnForm } from './registerForm.js'

test('the form keeps the text, the pending state and the failure; typing clears a failure; done empties it', () => {
  const form = createRegisterForm()
  form.type('alice')
  form.start('alice.reown.id')
  expect(form.get()).toEqual({ typed: 'alice', status: 'pending', name: 'alice.reown.id', error: undefined })
  form.fail(Object.assign(new Error('x'), { name: 'NameRegistrationError', reason: 'taken' }))
  expect(form.get()).toMatchObject({ status: 'failed', error: { name: 'NameRegistrationError', reason: 'taken' } })
  form.type('alice2')
  expect(form.get()).toMatchObject({ typed: 'alice2', status: 'idle', error: undefined })
  form.start('alice2.reown.id')
  form.done()
  expect(form.get()).toEqual({ typed: '', status: 'idle', name: undefined, error: undefined })
})

function modalOn(...views: string[]) {
  const navigation = createStore({ history: views.map((view) => ({ view })) })
  const replaced: string[] = []
  const modal = {
    navigation,
    open: true,
    isOpen: () => modal.open,
    replace(entry: { view: string; data: { name: string } }) {
      replaced.push(entry.data.name)
      navigation.set({ history: [...navigation.get().history.slice(0, -1), { view: entry.view }] })
    },
  }
  return { modal, navigation, replaced }
}

test('success replaces the form at once when it is on top', () => {
  const { modal, navigation, replaced } = modalOn('Account', 'RegisterAccountName')
  showSuccessOnForm(modal, 'alice.reown.id')
  expect(replaced).toEqual(['alice.reown.id'])
  expect(navigation.get().history.map((e) => e.view)).toEqual(['Account', 'RegisterAccountNameSuccess'])
})

test('success waits for an approval over the form to go back, then replaces the form', () => {
  const { modal, navigation, replaced } = modalOn('Account', 'RegisterAccountName', 'ApproveTransaction')
  showSuccessOnForm(modal, 'alice.reown.id')
  expect(replaced).toEqual([])
  navigation.set({ history: [{ view: 'Account' }, { view: 'RegisterAccountName' }] })
  expect(replaced).toEqual(['alice.reown.id'])
})

test('a closed modal or another view is left alone', () => {
  const closed = modalOn('Account', 'RegisterAccountName')
  closed.modal.open = false
  showSuccessOnForm(closed.modal, 'alice.reown.id')
  expect(closed.replaced).toEqual([])
  const elsewhere = modalOn('Account', 'Send')
  showSuccessOnForm(elsewhere.modal, 'alice.reown.id')
  expect(elsewhere.replaced).toEqual([])
  const left = modalOn('Account', 'RegisterAccountName', 'ApproveTransaction')
  showSuccessOnForm(left.modal, 'alice.reown.id')
  left.navigation.set({ history: [{ view: 'Account' }] })
  left.navigation.set({ history: [{ view: 'Account' }, { view: 'RegisterAccountName' }] })
  expect(left.replaced).toEqual([])
})
