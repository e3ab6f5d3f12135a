import { expect, test } from 'vitest'
import { createModalController } from '../../modal/controller.js'
import { viewTable } from '../index.js'
import { beginConnection } from './connection.js'

test('behavior: a connection attempt is given up when the modal closes, on back, or by the next attempt', () => {
  const modal = createModalController({ embedded: false, table: viewTable })
  const setOpen = (open: boolean) => modal.attach(open, setOpen)
  modal.attach(false, setOpen)
  modal.open()
  const first = beginConnection(modal)
  const second = beginConnection(modal)
  expect(first.aborted).toBe(true)
  expect(second.aborted).toBe(false)
  modal.push({ view: 'ConnectingExternal', data: { connectorUid: 'eip155:x' } })
  modal.back()
  expect(second.aborted).toBe(true)
  const third = beginConnection(modal)
  modal.close()
  expect(third.aborted).toBe(true)
})
