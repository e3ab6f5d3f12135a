// The host page of the embedded smart-account e2e test: the kit configured with the devnet's bundler
// and paymaster for its chain (bundlerMap, paymasterMap). Driven through `window.host`.
import {
  createPortico,
  eip155Adapter,
  eip155Network,
  getConnection,
  request,
  sendTransaction,
} from '@portico/headless/core'
import { getSmartAccount, setPreferredAccountType, startEmailLogin, verifyEmailOtp } from '@portico/headless/embedded'

const params = new URLSearchParams(location.search)
const portico = createPortico({
  projectId: 'test-project',
  networks: [eip155Network({ id: 31337, name: 'Devnet', rpcUrl: params.get('rpcUrl') ?? '' })],
  adapters: [eip155Adapter()],
  embeddedWallet: { frameUrl: params.get('frameUrl') ?? '' },
  bundlerMap: { 'eip155:31337': params.get('bundlerUrl') ?? '' },
  paymasterMap: { 'eip155:31337': params.get('paymasterUrl') ?? '' },
  metadata: { name: 'Smart account host', description: 'e2e', url: location.origin, icons: [] },
  remoteConfig: false,
  blockchainApi: false,
  walletDirectory: false,
  walletConnect: false,
  enableInjected: false,
})

const settle = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: { name?: string; shortMessage?: string; message?: string; code?: unknown }) => ({
      ok: false as const,
      name: error?.name,
      message: error?.shortMessage ?? error?.message,
      code: error?.code,
    }),
  )

const host = {
  startEmailLogin: (email: string) => settle(startEmailLogin(portico, { email })),
  verifyEmailOtp: (otp: string) => settle(verifyEmailOtp(portico, { otp })),
  address: () => getConnection(portico, { namespace: 'eip155' }).address,
  smartAccount: () => settle(getSmartAccount(portico)),
  setPreferredAccountType: (type: 'eoa' | 'smartAccount') => settle(setPreferredAccountType(portico, { type })),
  sendTransaction: (to: `0x${string}`, value: string) => settle(sendTransaction(portico, { to, value: BigInt(value) })),
  request: (method: string, params: unknown) => settle(request(portico, { method, params })),
}
Object.assign(window, { host })
document.body.dataset.ready = 'true'
