// The host page of the embedded smart-account e2e tests: the kit configured with the devnet's bundler
// and paymaster for its chain (bundlerMap, paymasterMap; none without `bundlerUrl`, or the hosted
// bundler of the blockchain API at `apiUrl`), and embedded users starting on `accountType`
// (defaultAccountTypes, the spec's smartAccount unless given), with sign-in on (localSiwx).
// Driven through `window.host`.
import {
  createPortico,
  eip155Adapter,
  eip155Network,
  getConnection,
  request,
  sendTransaction,
} from '@portico/headless/core'
import {
  getSmartAccount,
  setPreferredAccountType,
  startEmailLogin,
  undoAccountUpgrade,
  upgradeAccount,
  verifyEmailOtp,
} from '@portico/headless/embedded'
import { getSiwxSessions, getSiwxState, signInSiwx } from '@portico/headless/siwx'
import { localSiwx } from '@portico/headless/siwx/config'
import { settle } from './settle.js'

const params = new URLSearchParams(location.search)
const portico = createPortico({
  projectId: 'test-project',
  networks: [eip155Network({ id: 31337, name: 'Devnet', rpcUrl: params.get('rpcUrl') ?? '' })],
  adapters: [eip155Adapter()],
  embeddedWallet: { frameUrl: params.get('frameUrl') ?? '' },
  ...(params.get('bundlerUrl') ? { bundlerMap: { 'eip155:31337': params.get('bundlerUrl') ?? '' } } : {}),
  ...(params.get('paymasterUrl') ? { paymasterMap: { 'eip155:31337': params.get('paymasterUrl') ?? '' } } : {}),
  // `apiUrl`: the blockchain API is the devnet's emulator, so the chain gets the hosted bundler by default.
  ...(params.get('apiUrl') ? { apiUrls: { blockchain: params.get('apiUrl') ?? '' } } : {}),
  ...(params.get('accountType') === 'eoa' ? { defaultAccountTypes: { eip155: 'eoa' as const } } : {}),
  // Sign-in with sessions in this page, checked with the RPC the kit uses for the chain.
  siwx: localSiwx({ statement: 'Sign in to the smart account host.' }),
  metadata: { name: 'Smart account host', description: 'e2e', url: location.origin, icons: [] },
  remoteConfig: false,
  blockchainApi: params.has('apiUrl'),
  walletDirectory: false,
  walletConnect: false,
  enableInjected: false,
})

const host = {
  startEmailLogin: (email: string) => settle(startEmailLogin(portico, { email })),
  verifyEmailOtp: (otp: string) => settle(verifyEmailOtp(portico, { otp })),
  address: () => getConnection(portico, { namespace: 'eip155' }).address,
  smartAccount: () => settle(getSmartAccount(portico)),
  setPreferredAccountType: (type: 'eoa' | 'smartAccount') => settle(setPreferredAccountType(portico, { type })),
  sendTransaction: (to: `0x${string}`, value: string) => settle(sendTransaction(portico, { to, value: BigInt(value) })),
  sendCall: (to: `0x${string}`, data: `0x${string}`) => settle(sendTransaction(portico, { to, data })),
  request: (method: string, params: unknown) => settle(request(portico, { method, params })),
  upgradeAccount: () => settle(upgradeAccount(portico)),
  undoAccountUpgrade: () => settle(undoAccountUpgrade(portico)),
  signIn: () => settle(signInSiwx(portico)),
  siwxStatus: () => getSiwxState(portico).status,
  siwxSessions: () => settle(getSiwxSessions(portico)),
}
Object.assign(window, { host })
document.body.dataset.ready = 'true'
