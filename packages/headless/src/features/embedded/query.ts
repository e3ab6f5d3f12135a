// Static: disconnect is page start already. As a dynamic import target it would become an entry
// point of its own and split page start into one more file.

import type { ConnectReturnType } from '../../kernel/actions/connect.js'
import { disconnect } from '../../kernel/actions/disconnect.js'
import type { BaseError } from '../../kernel/errors/base.js'
import type { Portico } from '../../kernel/portico.js'
import type { PorticoMutationOptions, PorticoQueryInvalidator } from '../../kernel/query/mutations.js'
import type { WithQueryError } from '../../kernel/query/queryError.js'
import { singleFlight, singleFlightMutation } from '../../kernel/state/singleFlight.js'
import type {
  ConnectFarcasterErrorType,
  ConnectFarcasterParameters,
  ConnectFarcasterReturnType,
} from './connectFarcaster.js'
import type { ConnectSocialErrorType, ConnectSocialParameters, ConnectSocialReturnType } from './connectSocial.js'
import type { EmbeddedWalletRequestErrorType } from './errors.js'
import type { ExportEmbeddedWalletParameters } from './exportEmbeddedWallet.js'
import { type EmailLoginStep, setEmailLoginStep, setUpdateEmailStep, type UpdateEmailStep } from './flowStep.js'
import type { GetSmartAccountErrorType, SmartAccountStatus } from './getSmartAccount.js'
import type { LoginWithPasskeyErrorType, LoginWithPasskeyReturnType } from './loginWithPasskey.js'
import type { RegisterPasskeyErrorType, RegisterPasskeyReturnType } from './registerPasskey.js'
import type {
  SetPreferredAccountTypeErrorType,
  SetPreferredAccountTypeParameters,
  SetPreferredAccountTypeReturnType,
} from './setPreferredAccountType.js'
import type {
  UndoAccountUpgradeErrorType,
  UndoAccountUpgradeReturnType,
  undoAccountUpgrade,
} from './undoAccountUpgrade.js'
import type { UpgradeAccountErrorType, UpgradeAccountReturnType, upgradeAccount } from './upgradeAccount.js'
import { type EmbeddedWalletUser, toEmbeddedWalletUser } from './user.js'

// The verbs load on first use (dynamic imports): a page that offers these logins loads none of
// their code, nor the frame's, before the user picks one. Every mutation reaches the frame, so a
// double click joins the work in flight (the kernel's single flight): one window, one login.

/**
 * Mutation options for {@link connectSocial}. Open the window in the click and pass it:
 * `mutate({ provider, popup: openSocialPopup(portico) })` (the code of the login loads after the
 * click, too late for the browser to let it open a window). A second `mutate` for the same provider
 * while one runs joins it.
 *
 * @example
 * const mutation = useMutation(connectSocialMutationOptions(portico))
 * button.onclick = () => mutation.mutate({ provider: 'github', popup: openSocialPopup(portico) })
 */
export function connectSocialMutationOptions(
  portico: Portico,
): PorticoMutationOptions<ConnectSocialReturnType, ConnectSocialErrorType, ConnectSocialParameters> {
  const mutationKey = ['portico', 'connectSocial'] as const
  return {
    mutationKey,
    // The window is not part of the key (the same one comes back to a second click).
    mutationFn: (variables) =>
      singleFlight(
        portico,
        [...mutationKey, { provider: variables.provider, redirectUri: variables.redirectUri }],
        async () => {
          const { connectSocial } = await import('./connectSocial.js')
          return connectSocial(portico, variables)
        },
      ),
  }
}

/**
 * Mutation options for {@link connectFarcaster}: `onUrl` gets the link for the QR code.
 *
 * @example
 * const mutation = useMutation(connectFarcasterMutationOptions(portico))
 * mutation.mutate({ onUrl: setUrl })
 */
export function connectFarcasterMutationOptions(
  portico: Portico,
): PorticoMutationOptions<
  ConnectFarcasterReturnType,
  ConnectFarcasterErrorType,
  ConnectFarcasterParameters | undefined
> {
  const mutationKey = ['portico', 'connectFarcaster'] as const
  return {
    mutationKey,
    mutationFn: singleFlightMutation(portico, mutationKey, async (variables) => {
      const { connectFarcaster } = await import('./connectFarcaster.js')
      return connectFarcaster(portico, variables)
    }),
  }
}

/**
 * Mutation options for {@link loginWithPasskey}.
 *
 * @example
 * const mutation = useMutation(loginWithPasskeyMutationOptions(portico))
 * mutation.mutate()
 */
export function loginWithPasskeyMutationOptions(
  portico: Portico,
): PorticoMutationOptions<LoginWithPasskeyReturnType, LoginWithPasskeyErrorType, void> {
  const mutationKey = ['portico', 'loginWithPasskey'] as const
  return {
    mutationKey,
    mutationFn: singleFlightMutation(portico, mutationKey, async () => {
      const { loginWithPasskey } = await import('./loginWithPasskey.js')
      return loginWithPasskey(portico)
    }),
  }
}

/**
 * Mutation options for {@link registerPasskey}.
 *
 * @example
 * const mutation = useMutation(registerPasskeyMutationOptions(portico))
 * mutation.mutate()
 */
export function registerPasskeyMutationOptions(
  portico: Portico,
): PorticoMutationOptions<RegisterPasskeyReturnType, RegisterPasskeyErrorType, void> {
  const mutationKey = ['portico', 'registerPasskey'] as const
  return {
    mutationKey,
    mutationFn: singleFlightMutation(portico, mutationKey, async () => {
      const { registerPasskey } = await import('./registerPasskey.js')
      return registerPasskey(portico)
    }),
  }
}

/**
 * Mutation options for an email login's first step: mails a code (or, on a new device, a device
 * approval link: the instance's email login step is 'VERIFY_DEVICE' until the link is approved,
 * then 'VERIFY_OTP'). Resolves with the action the auth server answered. Errors: 'Please try again
 * after {n} seconds', 'Invalid email', the auth server's own messages.
 *
 * @example
 * const mutation = useMutation(sendEmailLoginMutationOptions(portico))
 * mutation.mutate({ email: 'ada@example.com' })
 */
export function sendEmailLoginMutationOptions(
  portico: Portico,
): PorticoMutationOptions<EmailLoginStep, BaseError, { email: string }> {
  const mutationKey = ['portico', 'emailLogin', 'sendEmail'] as const
  return {
    mutationKey,
    mutationFn: singleFlightMutation(portico, mutationKey, async ({ email }: { email: string }) => {
      const { startEmailLogin } = await import('./startEmailLogin.js')
      const { action } = await startEmailLogin(portico, { email })
      setEmailLoginStep(portico, action)
      if (action === 'VERIFY_DEVICE') {
        const { waitForDeviceApproval } = await import('./waitForDeviceApproval.js')
        await waitForDeviceApproval(portico)
        setEmailLoginStep(portico, 'VERIFY_OTP')
      }
      return action
    }),
  }
}

/**
 * Mutation options for an email login's second step: checks the mailed code and connects the
 * embedded wallet (the instance's email login step is then 'CONNECTED'). Error: 'Invalid otp'.
 *
 * @example
 * const mutation = useMutation(verifyEmailOtpMutationOptions(portico))
 * mutation.mutate({ otp: '123456' })
 */
export function verifyEmailOtpMutationOptions(
  portico: Portico,
): PorticoMutationOptions<ConnectReturnType, BaseError, { otp: string }> {
  const mutationKey = ['portico', 'emailLogin', 'verifyOtp'] as const
  return {
    mutationKey,
    mutationFn: singleFlightMutation(portico, mutationKey, async ({ otp }: { otp: string }) => {
      const { verifyEmailOtp } = await import('./verifyEmailOtp.js')
      const result = await verifyEmailOtp(portico, { otp })
      setEmailLoginStep(portico, 'CONNECTED')
      return result
    }),
  }
}

/**
 * Mutation options for an email change's first step: mails a code to the current address (the
 * instance's email change step is then 'VERIFY_PRIMARY_OTP', or 'VERIFY_SECONDARY_OTP' when the
 * server skips it). Errors: 'No auth connector found', 'Not connected to email or social',
 * 'Invalid email'.
 *
 * @example
 * const mutation = useMutation(updateEmailMutationOptions(portico))
 * mutation.mutate({ email: 'new@example.com' })
 */
export function updateEmailMutationOptions(
  portico: Portico,
): PorticoMutationOptions<UpdateEmailStep, BaseError, { email: string }> {
  const mutationKey = ['portico', 'updateEmail', 'email'] as const
  return {
    mutationKey,
    mutationFn: singleFlightMutation(portico, mutationKey, async ({ email }: { email: string }) => {
      const { updateEmail } = await import('./updateEmail.js')
      const { action } = await updateEmail(portico, { email })
      setUpdateEmailStep(portico, action)
      return action
    }),
  }
}

/**
 * Mutation options for an email change's second step: checks the code mailed to the current
 * address, and the frame mails one to the new address ('VERIFY_SECONDARY_OTP'). Error: 'Invalid otp'.
 *
 * @example
 * const mutation = useMutation(updateEmailPrimaryOtpMutationOptions(portico))
 * mutation.mutate({ otp: '123456' })
 */
export function updateEmailPrimaryOtpMutationOptions(
  portico: Portico,
): PorticoMutationOptions<void, BaseError, { otp: string }> {
  const mutationKey = ['portico', 'updateEmail', 'primaryOtp'] as const
  return {
    mutationKey,
    mutationFn: singleFlightMutation(portico, mutationKey, async ({ otp }: { otp: string }) => {
      const { updateEmailPrimaryOtp } = await import('./updateEmail.js')
      await updateEmailPrimaryOtp(portico, { otp })
      setUpdateEmailStep(portico, 'VERIFY_SECONDARY_OTP')
    }),
  }
}

/**
 * Mutation options for an email change's last step: checks the code mailed to the new address and
 * resolves once the frame reports the new email ('DONE'). Error: 'Invalid otp'. Given the query
 * client, the user is fetched again once changed (`onSuccess`), so views show the new email.
 *
 * @example
 * const mutation = useMutation(updateEmailSecondaryOtpMutationOptions(portico, { queryClient }))
 * mutation.mutate({ otp: '123456' })
 */
export function updateEmailSecondaryOtpMutationOptions(
  portico: Portico,
  { queryClient }: { queryClient?: PorticoQueryInvalidator | undefined } = {},
): PorticoMutationOptions<{ email: string }, BaseError, { otp: string }> {
  const mutationKey = ['portico', 'updateEmail', 'secondaryOtp'] as const
  return {
    mutationKey,
    mutationFn: singleFlightMutation(portico, mutationKey, async ({ otp }: { otp: string }) => {
      const { updateEmailSecondaryOtp } = await import('./updateEmail.js')
      const result = await updateEmailSecondaryOtp(portico, { otp })
      setUpdateEmailStep(portico, 'DONE')
      return result
    }),
    // Only with a client: a key set to undefined would hide a caller's own callback spread before.
    ...(queryClient && {
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: embeddedWalletUserQueryKey() })
      },
    }),
  }
}

export type { EmbeddedWalletUser } from './user.js'

/**
 * Query key of the embedded wallet's user for `address` (`null`: not connected).
 *
 * @example
 * queryClient.invalidateQueries({ queryKey: embeddedWalletUserQueryKey() }) // every address
 */
export function embeddedWalletUserQueryKey(address?: string | null) {
  return address === undefined
    ? (['portico', 'embeddedWallet', 'user'] as const)
    : (['portico', 'embeddedWallet', 'user', address] as const)
}

/**
 * Query options of the embedded wallet's user (email, address), read from the secure frame. Enable
 * it only while connected through the embedded wallet: its code and the frame load on first fetch.
 *
 * @example
 * const user = useQuery({ ...embeddedWalletUserQueryOptions(portico, { address }), enabled: isEmbedded })
 */
export function embeddedWalletUserQueryOptions(portico: Portico, { address }: { address: string | null }) {
  const options = {
    queryKey: embeddedWalletUserQueryKey(address),
    async queryFn(): Promise<EmbeddedWalletUser> {
      const { getEmbeddedWallet } = await import('./embeddedWallet.js')
      return toEmbeddedWalletUser(await getEmbeddedWallet(portico).client.request('GET_USER'))
    },
  }
  return options as WithQueryError<typeof options, EmbeddedWalletRequestErrorType>
}

/** The part of TanStack's `QueryClient` signing out needs (the core imports no React binding). */
export type EmbeddedQueryRemover = { removeQueries(filters: { queryKey: readonly unknown[] }): void }

/**
 * Mutation options for signing out of the embedded wallet: disconnects (which signs the frame
 * out). Given the query client, the cached user is dropped once signed out (`onSuccess`).
 *
 * @example
 * const mutation = useMutation(embeddedSignOutMutationOptions(portico, { queryClient }))
 * mutation.mutate()
 */
export function embeddedSignOutMutationOptions(
  portico: Portico,
  { queryClient }: { queryClient?: EmbeddedQueryRemover | undefined } = {},
): PorticoMutationOptions<void, BaseError, void> {
  const mutationKey = ['portico', 'embeddedWallet', 'signOut'] as const
  return {
    mutationKey,
    mutationFn: singleFlightMutation(portico, mutationKey, () => disconnect(portico)),
    // Only with a client: a key set to undefined would hide a caller's own callback spread before.
    ...(queryClient && { onSuccess: () => queryClient.removeQueries({ queryKey: embeddedWalletUserQueryKey() }) }),
  }
}

/**
 * Mutation options for {@link exportEmbeddedWallet}: the secure frame shows the user their private
 * key in its own document; the key never reaches this page.
 *
 * @example
 * const mutation = useMutation(exportEmbeddedWalletMutationOptions(portico))
 * mutation.mutate({ namespace: 'eip155' })
 */
export function exportEmbeddedWalletMutationOptions(
  portico: Portico,
): PorticoMutationOptions<void, BaseError, ExportEmbeddedWalletParameters | undefined> {
  const mutationKey = ['portico', 'embeddedWallet', 'exportKey'] as const
  return {
    mutationKey,
    mutationFn: singleFlightMutation(
      portico,
      mutationKey,
      async (parameters: ExportEmbeddedWalletParameters | undefined) => {
        const { exportEmbeddedWallet } = await import('./exportEmbeddedWallet.js')
        await exportEmbeddedWallet(portico, parameters ?? {})
      },
    ),
  }
}

/**
 * Query key of the embedded wallet's smart-account status at `address` (no address: every one).
 *
 * @example
 * queryClient.invalidateQueries({ queryKey: smartAccountQueryKey() })
 */
export function smartAccountQueryKey(address?: string | null) {
  return address === undefined
    ? (['portico', 'embeddedWallet', 'smartAccount'] as const)
    : (['portico', 'embeddedWallet', 'smartAccount', address] as const)
}

/**
 * Query options of {@link getSmartAccount}: the embedded wallet's account type, addresses and
 * whether its smart account is deployed. Enable it only while connected through the embedded wallet.
 *
 * @example
 * const status = useQuery({ ...smartAccountQueryOptions(portico, { address }), enabled: isEmbedded })
 */
export function smartAccountQueryOptions(portico: Portico, { address }: { address: string | null }) {
  const options = {
    queryKey: smartAccountQueryKey(address),
    async queryFn(): Promise<SmartAccountStatus> {
      const { getSmartAccount } = await import('./getSmartAccount.js')
      return getSmartAccount(portico)
    },
  }
  return options as WithQueryError<typeof options, GetSmartAccountErrorType>
}
export type { GetSmartAccountErrorType, SmartAccountStatus }

/**
 * Mutation options for {@link upgradeAccount}: the EIP-7702 upgrade of the embedded EOA (approved
 * in the secure frame). Given the query client, the smart-account status is fetched again once
 * upgraded (`onSuccess`).
 *
 * @example
 * const mutation = useMutation(upgradeAccountMutationOptions(portico, { queryClient }))
 * mutation.mutate()
 */
export function upgradeAccountMutationOptions(
  portico: Portico,
  { queryClient }: { queryClient?: PorticoQueryInvalidator | undefined } = {},
): PorticoMutationOptions<UpgradeAccountReturnType, UpgradeAccountErrorType, void> {
  const mutationKey = ['portico', 'embeddedWallet', 'upgradeAccount'] as const
  return {
    mutationKey,
    mutationFn: singleFlightMutation(portico, mutationKey, async () => {
      const { upgradeAccount } = await import('./upgradeAccount.js')
      return upgradeAccount(portico)
    }),
    // Only with a client: a key set to undefined would hide a caller's own callback spread before.
    ...(queryClient && { onSuccess: () => refetchSmartAccount(queryClient) }),
  }
}

/**
 * Mutation options for {@link undoAccountUpgrade}: the EOA clears its EIP-7702 delegation (approved
 * in the secure frame, the account paying the gas). Given the query client, the smart-account
 * status is fetched again once undone (`onSuccess`).
 *
 * @example
 * const mutation = useMutation(undoAccountUpgradeMutationOptions(portico, { queryClient }))
 * mutation.mutate()
 */
export function undoAccountUpgradeMutationOptions(
  portico: Portico,
  { queryClient }: { queryClient?: PorticoQueryInvalidator | undefined } = {},
): PorticoMutationOptions<UndoAccountUpgradeReturnType, UndoAccountUpgradeErrorType, void> {
  const mutationKey = ['portico', 'embeddedWallet', 'undoAccountUpgrade'] as const
  return {
    mutationKey,
    mutationFn: singleFlightMutation(portico, mutationKey, async () => {
      const { undoAccountUpgrade } = await import('./undoAccountUpgrade.js')
      return undoAccountUpgrade(portico)
    }),
    // Only with a client: a key set to undefined would hide a caller's own callback spread before.
    ...(queryClient && { onSuccess: () => refetchSmartAccount(queryClient) }),
  }
}

/**
 * Mutation options for {@link setPreferredAccountType}: switches between the smart account and the
 * EOA. Given the query client, the smart-account status and the user (whose address changed) are
 * fetched again once switched (`onSuccess`).
 *
 * @example
 * const mutation = useMutation(setPreferredAccountTypeMutationOptions(portico, { queryClient }))
 * mutation.mutate({ type: 'smartAccount' })
 */
export function setPreferredAccountTypeMutationOptions(
  portico: Portico,
  { queryClient }: { queryClient?: PorticoQueryInvalidator | undefined } = {},
): PorticoMutationOptions<
  SetPreferredAccountTypeReturnType,
  SetPreferredAccountTypeErrorType,
  SetPreferredAccountTypeParameters
> {
  const mutationKey = ['portico', 'embeddedWallet', 'setPreferredAccountType'] as const
  return {
    mutationKey,
    mutationFn: singleFlightMutation(portico, mutationKey, async (parameters: SetPreferredAccountTypeParameters) => {
      const { setPreferredAccountType } = await import('./setPreferredAccountType.js')
      return setPreferredAccountType(portico, parameters)
    }),
    // Only with a client: a key set to undefined would hide a caller's own callback spread before.
    ...(queryClient && {
      onSuccess: async () => {
        await refetchSmartAccount(queryClient)
        await queryClient.invalidateQueries({ queryKey: embeddedWalletUserQueryKey() })
      },
    }),
  }
}

/** Every address's smart-account status: the account's type or its code changed. */
async function refetchSmartAccount(queryClient: PorticoQueryInvalidator): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: smartAccountQueryKey() })
}
