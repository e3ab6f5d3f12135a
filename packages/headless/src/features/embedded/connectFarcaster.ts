import type { ConnectReturnType } from '../../kernel/actions/connect.js'
import type { Portico } from '../../kernel/portico.js'
import { getEmbeddedWallet } from './embeddedWallet.js'
import {
  EmbeddedWalletError,
  type EmbeddedWalletLoadErrorType,
  type EmbeddedWalletNotConfiguredErrorType,
  FarcasterConnectError,
  type FarcasterConnectErrorType,
} from './errors.js'
import { finishLogin } from './finishLogin.js'

export type ConnectFarcasterParameters = {
  /** Called with the Farcaster link as soon as the frame has it: show it as a QR code and a link. */
  onUrl?: ((url: string) => void) | undefined
}
export type ConnectFarcasterReturnType = ConnectReturnType & { userName: string }
export type ConnectFarcasterErrorType =
  | FarcasterConnectErrorType
  | EmbeddedWalletNotConfiguredErrorType
  | EmbeddedWalletLoadErrorType

/**
 * Sign In With Farcaster with the embedded wallet: the frame opens a channel at the Farcaster
 * relay and gives its link (`onUrl`: show it as a QR code for the phone and as a link), then
 * resolves once the user approved it in their Farcaster app: the frame signs them in (the auth
 * server checks the signature against the ID registry) and the AUTH connector connects. Fails
 * with 'Failed to connect to farcaster'.
 *
 * @example
 * ```ts
 * const { address, userName } = await connectFarcaster(portico, { onUrl: (url) => showQrCode(url) })
 * ```
 */
export async function connectFarcaster(
  portico: Portico,
  parameters: ConnectFarcasterParameters = {},
): Promise<ConnectFarcasterReturnType> {
  const wallet = getEmbeddedWallet(portico)
  let userName: string
  try {
    const { url } = await wallet.client.request('GET_FARCASTER_URI')
    // The link is shown as a QR code and opened by the user: only an https (or loopback) link.
    if (!isFarcasterLink(url)) throw new FarcasterConnectError({ cause: new Error(`Not a link: ${url}`) })
    parameters.onUrl?.(url)
    ;({ userName } = await wallet.client.request('CONNECT_FARCASTER'))
  } catch (error) {
    if (error instanceof EmbeddedWalletError) throw new FarcasterConnectError({ cause: error })
    throw error
  }
  return { ...(await finishLogin(portico, wallet)), userName }
}

function isFarcasterLink(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}
