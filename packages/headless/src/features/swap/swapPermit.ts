import {
  decodeFunctionData,
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  parseAbi,
  parseSignature,
} from 'viem'
import { request } from '../../kernel/actions/request.js'
import { sendTransaction } from '../../kernel/actions/sendTransaction.js'
import { signTypedData } from '../../kernel/actions/signTypedData.js'
import type { Portico } from '../../kernel/portico.js'
import type { CaipNetworkId } from '../../kernel/utils/caip.js'
import type { SwapTransaction } from './convert.js'

// The EIP-2612 step of `swap`, loaded on demand (see swap.ts): the only part of a swap that codes
// ABI data itself.

const permitAbi = parseAbi([
  'function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
  'function nonces(address owner) view returns (uint256)',
  'function eip712Domain() view returns (bytes1 fields, string name, string version, uint256 chainId, address verifyingContract, bytes32 salt, uint256[] extensions)',
])

async function call(portico: Portico, to: Hex, data: Hex): Promise<Hex> {
  return request<Hex>(portico, { namespace: 'eip155', method: 'eth_call', params: [{ to, data }, 'latest'] })
}

/**
 * @internal Signs an EIP-2612 permit for the spender and amount of the service's approve transaction and
 * submits it. The domain comes from the token itself (EIP-5267 `eip712Domain`), so a token whose
 * name or version differs from its symbol still verifies.
 */
export async function permit(
  portico: Portico,
  {
    owner,
    approve,
    amount,
    caipNetworkId,
  }: { owner: Hex; approve: SwapTransaction; amount: bigint; caipNetworkId: CaipNetworkId },
): Promise<Hex> {
  const token = approve.to
  const { args } = decodeFunctionData({ abi: erc20Abi, data: approve.data })
  const spender = args[0] as Hex
  const [, name, version, chainId, verifyingContract] = decodeFunctionResult({
    abi: permitAbi,
    functionName: 'eip712Domain',
    data: await call(portico, token, encodeFunctionData({ abi: permitAbi, functionName: 'eip712Domain' })),
  })
  const nonce = decodeFunctionResult({
    abi: permitAbi,
    functionName: 'nonces',
    data: await call(portico, token, encodeFunctionData({ abi: permitAbi, functionName: 'nonces', args: [owner] })),
  })
  const deadline = BigInt(Math.floor(Date.now() / 1000) + 30 * 60)
  const signature = await signTypedData(portico, {
    typedData: {
      domain: {
        name,
        version,
        chainId: Number(chainId || BigInt(caipNetworkId.split(':')[1] ?? 0)),
        verifyingContract,
      },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        Permit: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'Permit',
      message: { owner, spender, value: amount, nonce, deadline },
    },
  })
  const { r, s, v, yParity } = parseSignature(signature)
  const hash = await sendTransaction(portico, {
    to: token,
    data: encodeFunctionData({
      abi: permitAbi,
      functionName: 'permit',
      args: [owner, spender, amount, deadline, Number(v ?? BigInt(yParity + 27)), r, s],
    }),
    value: 0n,
  })
  return hash
}
