// What a send and its fee estimate both reach the chain with; its own module so that the two
// verbs import it rather than each other. Both read through the instance's one client of the
// network (the kernel's RPC clients), loaded with the first send or quote.

/** @internal The EVM chain code of a transfer (viem) and the EVM client, loaded on the first send or quote. */
export const loadEvm = async () => {
  const [transfer, client] = await Promise.all([
    import('../../kernel/adapters/eip155/evmTransfer.js'),
    import('../../kernel/rpc/evmClient.js'),
  ])
  return { ...transfer, evmPublicClient: client.evmPublicClient }
}

/** @internal The Solana chain code of a transfer (@solana/kit) and the Solana RPC, loaded on the first send or quote. */
export const loadSolana = async () => {
  const [transfer, client] = await Promise.all([
    import('../../kernel/adapters/solana/solanaTransfer.js'),
    import('../../kernel/rpc/solanaClient.js'),
  ])
  return { ...transfer, solanaRpcFor: client.solanaRpcFor }
}
