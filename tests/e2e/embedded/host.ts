// The host page of the embedded-wallet e2e test: a plain page on its own origin that uses the kit's
// public actions. The test drives it through `window.host` (page.evaluate), like a site's own code.

import { sendCalls } from '@portico/headless/calls'
import {
  createPortico,
  disconnect,
  eip155Adapter,
  eip155Network,
  getBalance,
  getConnection,
  request,
  sendTransaction,
  signMessage,
  solanaAdapter,
  solanaNetwork,
  switchNetwork,
} from '@portico/headless/core'
import {
  type EmbeddedWalletTheme,
  exportEmbeddedWallet,
  getEmbeddedWallet,
  reconnectEmbeddedWallet,
  startEmailLogin,
  syncEmbeddedWalletTheme,
  verifyEmailOtp,
  waitForDeviceApproval,
} from '@portico/headless/embedded'
import {
  type GrantPermissionsParameters,
  getPermissions,
  grantPermissions,
  type RevokePermissionsParameters,
  revokePermissions,
} from '@portico/headless/permissions'
import { sendToken } from '@portico/headless/send'
import { settle } from './settle.js'

// Every message this page receives, from the first one on: the key export test checks that no
// message to the host ever carries a key.
const received: string[] = []
window.addEventListener('message', (event) => received.push(JSON.stringify(event.data) ?? String(event.data)), true)

const params = new URLSearchParams(location.search)
const rpcUrl = params.get('rpcUrl') ?? ''
const portico = createPortico({
  // `projectId` lets a test pick a project whose allow-list leaves this page out.
  projectId: params.get('projectId') ?? 'test-project',
  networks: [
    eip155Network({ id: 31337, name: 'Devnet', rpcUrl }),
    solanaNetwork({
      genesisHash: params.get('genesisHash') ?? '',
      name: 'Solana devnet',
      rpcUrl: params.get('solanaRpcUrl') ?? '',
    }),
  ],
  adapters: [eip155Adapter(), solanaAdapter()],
  embeddedWallet: { frameUrl: params.get('frameUrl') ?? '' },
  metadata: {
    name: 'Portico e2e host',
    description: 'The embedded wallet e2e host page',
    url: location.origin,
    icons: [`${location.origin}/icon.svg`],
  },
  remoteConfig: false,
  // `smartSessions=on` turns the permissions feature on (off by default, as the spec's default).
  features: { smartSessions: params.get('smartSessions') === 'on' },
  blockchainApi: false,
  walletDirectory: false,
  walletConnect: false,
  enableInjected: false,
})

const host = {
  frameReady: () => settle(getEmbeddedWallet(portico).client.ready()),
  // A protocol request straight to the frame (what a host without the kit's checks could send).
  switchFrameNetwork: (chainId: number | string, rpcUrl?: string) =>
    settle(getEmbeddedWallet(portico).client.request('SWITCH_NETWORK', rpcUrl ? { chainId, rpcUrl } : { chainId })),
  startEmailLogin: (email: string) => settle(startEmailLogin(portico, { email })),
  waitForDeviceApproval: () => settle(waitForDeviceApproval(portico)),
  verifyEmailOtp: (otp: string) => settle(verifyEmailOtp(portico, { otp })),
  signMessage: (message: string, namespace: 'eip155' | 'solana' = 'eip155') =>
    settle(signMessage(portico, { message, namespace })),
  accounts: () => ({
    eip155: getConnection(portico, { namespace: 'eip155' }).address,
    solana: getConnection(portico, { namespace: 'solana' }).address,
  }),
  sendTransaction: (to: `0x${string}`, value: string) => settle(sendTransaction(portico, { to, value: BigInt(value) })),
  request: (method: string, params: unknown, namespace?: 'eip155' | 'solana') =>
    settle(request(portico, { method, params, ...(namespace ? { namespace } : {}) })),
  abortRpc: () => getEmbeddedWallet(portico).client.abortRpc(),
  disconnect: () => settle(disconnect(portico)),
  reconnect: () => settle(reconnectEmbeddedWallet(portico)),
  /** The kit's own Send path on Solana: a transfer built by the kit (a v0 message), signed and sent by the frame. */
  sendSol: (amount: string, receiver: string) =>
    settle(
      (async () => {
        const caipNetworkId = getConnection(portico, { namespace: 'solana' }).caipNetworkId
        const back = getConnection(portico, { namespace: 'eip155' }).caipNetworkId
        if (caipNetworkId) await switchNetwork(portico, { caipNetworkId })
        try {
          const native = (await getBalance(portico)).find((b) => !b.address)
          return await sendToken(portico, { token: native, amount, receiver })
        } finally {
          // The other tests act on the EVM side, as before.
          if (back) await switchNetwork(portico, { caipNetworkId: back })
        }
      })(),
    ),
  /** The kit's permissions feature (ERC-7715) through the connected wallet. */
  grantPermissions: (parameters: GrantPermissionsParameters) => settle(grantPermissions(portico, parameters)),
  getPermissions: () => settle(getPermissions(portico)),
  revokePermissions: (parameters: RevokePermissionsParameters) => settle(revokePermissions(portico, parameters)),
  /** The kit's EIP-5792 send of one native transfer, naming a grant's context when given. */
  sendCalls: (to: `0x${string}`, value: string, context?: string) =>
    settle(
      sendCalls(portico, {
        calls: [{ to, value: BigInt(value) }],
        ...(context ? { capabilities: { permissions: { context } } } : {}),
      }),
    ),
  exportKey: (namespace: 'eip155' | 'solana') => settle(exportEmbeddedWallet(portico, { namespace })),
  syncTheme: (theme: EmbeddedWalletTheme) => syncEmbeddedWalletTheme(portico, theme),
  messages: () => [...received],
  /** The codes of the alerts the kit raised so far, oldest first. */
  alerts: () => portico.alerts.history().map((alert) => alert.code),
  connection: () => {
    const { status, connectorId, address } = getConnection(portico, { namespace: 'eip155' })
    return { status, connectorId, address }
  },
  storedKeys: () => Object.keys(localStorage).filter((k) => /embedded-login|connected-connector/.test(k)),
}
Object.assign(window, { host })
document.body.dataset.ready = 'true'
