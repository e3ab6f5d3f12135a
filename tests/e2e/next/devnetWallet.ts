// The test wallet as a page script (bundled by next.test.ts and added with addInitScript), like an
// installed extension: it remembers in localStorage that the site was authorised, so a reload
// reconnects silently.
import { createTestEip1193Wallet } from '@portico/headless/testing'

declare global {
  interface Window {
    porticoDevnet?: { rpcUrl: string; chainId: number; privateKeys: `0x${string}`[] }
  }
}

const authorized = 'devnet-wallet:authorized'
const devnet = window.porticoDevnet
if (devnet) {
  const wallet = createTestEip1193Wallet({
    accounts: devnet.privateKeys,
    chains: [{ id: devnet.chainId, rpcUrl: devnet.rpcUrl, name: 'Portico Devnet' }],
  })
  wallet.provider.on('accountsChanged', (accounts: readonly string[]) =>
    accounts.length > 0 ? localStorage.setItem(authorized, '1') : localStorage.removeItem(authorized),
  )
  const ready = localStorage.getItem(authorized)
    ? wallet.provider.request({ method: 'eth_requestAccounts' })
    : Promise.resolve()
  void ready.then(() => wallet.announce())
}
