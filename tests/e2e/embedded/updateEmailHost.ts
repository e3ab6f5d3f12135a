// The host page of the update-email e2e test: email login, then the email change through the kit's
// public actions. The test drives it through `window.host` (page.evaluate), like a site's own code.
import { createPortico, eip155Adapter, eip155Network } from '@portico/headless/core'
import {
  getEmbeddedWallet,
  startEmailLogin,
  updateEmail,
  updateEmailPrimaryOtp,
  updateEmailSecondaryOtp,
  verifyEmailOtp,
} from '@portico/headless/embedded'
import { settle } from './settle.js'

const params = new URLSearchParams(location.search)
const portico = createPortico({
  projectId: 'test-project',
  networks: [eip155Network({ id: 31337, name: 'Devnet', rpcUrl: params.get('rpcUrl') ?? '' })],
  adapters: [eip155Adapter()],
  embeddedWallet: { frameUrl: params.get('frameUrl') ?? '' },
  remoteConfig: false,
  blockchainApi: false,
  walletDirectory: false,
  walletConnect: false,
  enableInjected: false,
})

const host = {
  startEmailLogin: (email: string) => settle(startEmailLogin(portico, { email })),
  verifyEmailOtp: (otp: string) => settle(verifyEmailOtp(portico, { otp })),
  updateEmail: (email: string) => settle(Promise.resolve().then(() => updateEmail(portico, { email }))),
  primaryOtp: (otp: string) => settle(Promise.resolve().then(() => updateEmailPrimaryOtp(portico, { otp }))),
  secondaryOtp: (otp: string) => settle(Promise.resolve().then(() => updateEmailSecondaryOtp(portico, { otp }))),
  user: () => settle(getEmbeddedWallet(portico).client.request('GET_USER')),
  cachedEmail: () => getEmbeddedWallet(portico).readLoginCache().email,
}
Object.assign(window, { host })
document.body.dataset.ready = 'true'
