// The sign-in page's own Portico instance: the demo's networks with `siwx` on, talking to the
// demo server's /api/siwx routes. Separate from the main instance so the other pages connect
// without a sign step; its persisted state has its own keys. Loaded only by #/sign-in. With the
// devnet's secure frame, a social login here signs in within the same step (one login window).

import { devnetConfig } from 'virtual:portico-devnet'
import { createPortico, eip155Adapter, solanaAdapter } from '@portico/headless'
import { serverSiwx } from '@portico/headless/siwx/config'
import { devnet, devnet2, solanaDevnet } from './portico.js'

const prefix = 'portico-demo:sign-in:'
const storage = {
  getItem: (key: string) => localStorage.getItem(prefix + key),
  setItem: (key: string, value: string) => localStorage.setItem(prefix + key, value),
  removeItem: (key: string) => localStorage.removeItem(prefix + key),
}

export const siwxPortico = createPortico({
  projectId: 'portico-demo',
  networks: [devnet, devnet2, solanaDevnet],
  adapters: [eip155Adapter(), solanaAdapter()],
  walletConnect: false,
  walletDirectory: false,
  remoteConfig: false,
  blockchainApi: false,
  features: { analytics: false },
  storage,
  metadata: {
    name: 'Portico demo',
    description: 'Sign in with your wallet',
    url: window.location.origin,
    icons: [],
  },
  ...(devnetConfig.auth ? { embeddedWallet: { frameUrl: devnetConfig.auth.frameUrl } } : {}),
  siwx: serverSiwx({ url: '/api/siwx', statement: 'Sign in to the Portico demo.' }),
})
