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

/*
 * WalletConnect devnet wallet keys for the non-EVM, non-Solana namespaces (see `src/wallet`).
 * Like the accounts above they are deterministic and public; there is no local chain for
 * Polkadot, Bitcoin or Cosmos, so they only sign (messages, transactions nobody broadcasts).
 * Addresses and public keys are precomputed (a unit test re-derives them) so that dapp code and
 * tests can use them without pulling in any cryptography.
 */

/**
 * Polkadot accounts of the devnet wallet: ed25519 seeds `sha256("portico-devnet-polkadot-" + i)`,
 * addresses in SS58 with the generic Substrate prefix 42. `seed` is the 32-byte secret, hex;
 * `publicKey` is `0x`-prefixed hex.
 */
export const polkadotAccounts = [
  {
    address: '5CWgaQBxyvxv9rmgnWCs1Dbhjx8LcjnPFdVgMtnoNB3hoZ7K',
    publicKey: '0x13d011eca29933de69d77b31ea90e27d40d52466f680dfdff2be000187d89057',
    seed: 'de64e14d92e3dbd2ce52a65f360fed59fbe65e923e75c406f2621449153c2867',
  },
  {
    address: '5DM6ASJdaQu4TCbLVZ3gmcEzbMz6qh8hG1CNMr1267gVJAE2',
    publicKey: '0x38bb3ff26bacdf9cb4869c4b7f167a244c2dde567784b494c98985fb8749a9b5',
    seed: '696c2449a259158398c0ae5e89d8557b5460e9406fd093c133d21140703cae58',
  },
  {
    address: '5GSHHnDzM6aFRaAA9ygbLkbXRLcsZ1QQ82GDquuBwfUHAkXW',
    publicKey: '0xc165a1f7ae29d13cfb8a7d0c66de6d271d934c1973d5111d8840b7ce8051d799',
    seed: '47ad43fc045b4f9c91bac1a510bc91ce3388d5f261a3de01ceee8ca674abcb50',
  },
  {
    address: '5CcD5FgyUnGd6rZ8jryu7c5BC1xMoffQbZ33SP8JYHsWL1fq',
    publicKey: '0x1806f5ef7b600de70bcfc036b26de92c8c2348d1e01759d81d746072bab69fb0',
    seed: '103d6e5b0a34261f440d79c1f591cb881a881c870893e1c0e2cb0861fe25ec43',
  },
  {
    address: '5E3DJUw1qtakgfxw35wpoCfYSue42LSkMAmkG9HLdLgtQG5h',
    publicKey: '0x575518d5eb4c18b964868e83aa013baf5089099a0c07810c28ce1dbc7483eb3a',
    seed: '914d84274f7d729acd3d842fd19b13636c64cef72d934f3acb02def46659d6cf',
  },
] as const

/**
 * Bitcoin (regtest) accounts of the devnet wallet: secp256k1 keys
 * `sha256("portico-devnet-bip122-" + i)`, P2WPKH addresses `bcrt1q…` (hash160 of the compressed
 * public key). `publicKey` is the compressed key, hex; `privateKey` is hex.
 */
export const bip122Accounts = [
  {
    address: 'bcrt1qhk8u0y6wnmhr6gacvvp9w4r3mpl9c36wlm0e29',
    publicKey: '0216cc21fd3b50c4b38ebe6721733a89911ebd00466550f4b04b8d5aaeb0f05433',
    privateKey: '33205f51b4f7acfea2934d9077697d7949e72693768587cbdd19cafa23c03bfa',
  },
  {
    address: 'bcrt1qc5afh4jqpj8lhs2nqrx8ms8uk03yltwn7xsy6j',
    publicKey: '02879896a4b54c0b9b0f63b8318699c26a56540a17b3e0d613ae0ffa7c3217dc3f',
    privateKey: '2d70d6dd2adff067071ac8c5312970a6809978e21a5775710c45d3bd23d3d094',
  },
  {
    address: 'bcrt1qwq5tzxydudspacte44j4kzhv3azeayamds2m92',
    publicKey: '02172290cc93e0a171d44b0623a80efe5c5513324540d07373f43c45b516f279b7',
    privateKey: 'ae418a349aadf84febccd429f7c87ba549b511451b22900ca308eb0c84339bed',
  },
  {
    address: 'bcrt1qe4l36v9h3dwefz7wxlj5utm963kpdcptmn7qlp',
    publicKey: '03b5b68cd083e3d37c19ffb5b441cbd7884c193566a98d12522891f094c1af93ab',
    privateKey: 'b512f4238d790d64b0cd76e0c1b62db5a6acbc79d6650c1da8a7c59327c2e2e0',
  },
  {
    address: 'bcrt1qmh7segnj3a3c7udwpdvdj5rxgmj0aphd7ajtqp',
    publicKey: '03fb64260d3709d307bdbb4019cc15d1a095316cd65f190b768a2c7ba4444db17e',
    privateKey: '4a821be9a136161cfbc0cfc884c8a1a5bf9219a9069fc9082007ab314974c501',
  },
] as const

/**
 * Cosmos accounts of the devnet wallet: secp256k1 keys `sha256("portico-devnet-cosmos-" + i)`,
 * addresses bech32 `cosmos1…` of ripemd160(sha256(compressed public key)). `publicKey` is the
 * compressed key, hex (base64 of the same bytes is what `cosmos_getAccounts` returns).
 */
export const cosmosAccounts = [
  {
    address: 'cosmos146hdf239nsk96408ejk3xql5mcqrdx3x9zve65',
    publicKey: '02ac045b6f9264ea6f6c7c8bc297bec491c7be43977ec8ddeec231d4fbaf06dfba',
    privateKey: '2630918ab3bf9daac046546cf78f125650c487d38695d4cb231ded4e5cefe58a',
  },
  {
    address: 'cosmos1wzng5zq34zn6qc0anjaq0tktqslv5hdsmv4vve',
    publicKey: '0388d5e7adacbbe374888e9cb9e4f2ea8217f78c6d999b9addacf3fac6640bae30',
    privateKey: 'de8e60d452434b044c35dc2d8da11eb352cb4cb0b1887eefc5b52e60678af3a7',
  },
  {
    address: 'cosmos1l42gsrxm8ntkeffq2lrwdqerylyp27wuq2nvwp',
    publicKey: '03934066bbab03187eced31c6d5e2273b69f36e69f5503aed0583c4a598bf03193',
    privateKey: '3b05952e8291bd5011aa1d95c05ff0f61e1c4a293e886b9617e8402d5cfd57ff',
  },
  {
    address: 'cosmos1ayrw2046zu38d0tdsycpsymypm88s4vxsgtxyk',
    publicKey: '0357af4ede75392296fd7f1a51a715bb4b3026f1d0c8ab5092d0bc3b0c55a68999',
    privateKey: '20fe2e7068885b364b4ff9648430d202354f8388c9ef96372d510f68b55bbea4',
  },
  {
    address: 'cosmos16nm5mw0ajgwdu98gyum3rkkc32zddp7qnucu6r',
    publicKey: '0394f6557cba064cdc23890aab5d844e642e5588fd1ba5504c345e93c5154e23fa',
    privateKey: '0bbc5c0583fb43bb565266579a338948fbe6b91675c7194d02f58d0fabc22ad1',
  },
] as const

/** CAIP-2 id of the devnet Polkadot chain (the Polkadot relay chain's genesis-hash prefix). */
export const polkadotCaipNetworkId = 'polkadot:e143f23803ac50e8f6f8e62695d1ce9e' as const

/** CAIP-2 id of the devnet Bitcoin chain (regtest genesis-hash prefix). No local node runs it. */
export const bip122CaipNetworkId = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328' as const

/** CAIP-2 id of the devnet Cosmos chain. No local node runs it. */
export const cosmosCaipNetworkId = 'cosmos:portico-devnet-1' as const

/** CAIP-2 id of the devnet anvil chain. */
export const evmCaipNetworkId = `eip155:${evmChainId}` as const
