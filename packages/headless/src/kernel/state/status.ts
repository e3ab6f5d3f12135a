import type { ConnectionStatus } from '../types.js'

/** Events that move the per-namespace connection status machine. */
export type ConnectionEvent =
  | 'CONNECT' // the user started a connection
  | 'RECONNECT' // a silent reconnect started (page load)
  | 'CONNECTED' // the wallet returned accounts (account sync)
  | 'FAILED' // connect or reconnect failed, was rejected or the wallet had no accounts
  | 'DISCONNECTED' // disconnect, wallet-side disconnect, or a session with no accounts

/**
 * The connection status machine (the spec), as a pure function. Transitions that make no
 * sense from the current state are ignored (the state is returned unchanged), so a late event
 * from a wallet can never put the machine in a state it cannot leave.
 *
 * disconnected --CONNECT--> connecting --CONNECTED--> connected
 * disconnected --RECONNECT--> reconnecting --CONNECTED--> connected
 * connecting | reconnecting --FAILED--> disconnected
 * connected --CONNECT--> connecting (switching wallet); connected --CONNECTED--> connected (account change)
 * any --DISCONNECTED--> disconnected
 *
 * @example
 * nextConnectionStatus('disconnected', 'CONNECT') // 'connecting'
 */
export function nextConnectionStatus(status: ConnectionStatus, event: ConnectionEvent): ConnectionStatus {
  switch (event) {
    case 'CONNECT':
      return status === 'reconnecting' ? status : 'connecting'
    case 'RECONNECT':
      return status === 'disconnected' ? 'reconnecting' : status
    case 'CONNECTED':
      return 'connected'
    case 'FAILED':
      return status === 'connecting' || status === 'reconnecting' ? 'disconnected' : status
    case 'DISCONNECTED':
      return 'disconnected'
  }
}
