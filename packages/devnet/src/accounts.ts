/**
 * Devnet test accounts. Deterministic and public: they hold value only on the local devnet.
 * Browser-safe (plain constants, no Node imports) so the demo and test wallets can use them.
 *
 * EVM: the standard anvil test mnemonic ("test … junk"), accounts #0 to #4.
 * Solana: ed25519 seeds `sha256("portico-devnet-solana-" + i)`.
 */

/** Funded EVM accounts on the devnet anvil chain. */
export const evmAccounts = [
  {
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  },
  {
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  },
  {
    address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    privateKey: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  },
  {
    address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
    privateKey: '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  },
  {
    address: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
    privateKey: '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
  },
] as const satisfies readonly { address: `0x${string}`; privateKey: `0x${string}` }[]

/** Funded Solana accounts on the devnet litesvm chain. `seed` is the 32-byte ed25519 secret, hex. */
export const solanaAccounts = [
  {
    address: '7BsMQTduiarppntkRXi9CeijH9g4Rq4My7jaHGVt5TX3',
    seed: '80613791e7a677b678827abe3d86cf9cac8bc9c22839c106c185cccb02dd177f',
  },
  {
    address: '5qAJsQr52g4CY7cfBxLBWgbPF4nAFKNj3fEJUqXL7feN',
    seed: '890bee6665659149698c40efcf68c88e76dde23689e9e860429e74d9da0a1789',
  },
  {
    address: 'FatFrYC2BPHLZvoZbcNQn7s5tCcKF3AX66wKt87PWp19',
    seed: '547f99c810e78c37f854b71814bd1668bc5ab5966ec15137dee00513cd3ee509',
  },
  {
    address: 'B76FQ8WKbiLX3EYru7FZN2swUL5UndFgoHaUjtn2SmzG',
    seed: '7a0306384a3c2df2747c110326682af90b0d75fe584b6d24bb0daed7e762a133',
  },
  {
    address: '7JjBFcHt7wYsDVQZ1boenb5FsyWF85mFUiacG8wURo4o',
    seed: '9b87fb21f4d6a3426e9ded16e8651490f45eedd7c46e13441f21362ecbbf3a46',
  },
] as const

/** Chain id of the devnet anvil chain (CAIP-2 `eip155:31337`). */
export const evmChainId = 31337

/**
 * Genesis hash the devnet Solana RPC reports (`getGenesisHash`); the CAIP-2 id is
 * `solana:` + its first 32 characters.
 */
export const solanaGenesisHash = 'B6CvzdUKzcdB1ZY65XSZAxfiu9DyB75MhTChrrUNHcRp'

/** CAIP-2 id of the devnet Solana chain. */
export const solanaCaipNetworkId = `solana:${solanaGenesisHash.slice(0, 32)}` as const
