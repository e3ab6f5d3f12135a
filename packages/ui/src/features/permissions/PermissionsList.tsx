import { truncateAddress, useNetwork } from '@portico/headless'
import type { GrantedPermission, PermissionItem } from '@portico/headless/permissions'
import { usePermissions, useRevokePermissions } from '@portico/headless/permissions/react'
import { PartPending } from '../../components/PartPending.js'
import * as css from '../../components/primitives.css.js'
import * as views from '../../components/views.css.js'
import type { Catalogue } from '../../i18n/featureMessages.js'
import { useFeatureMessages } from '../../i18n/useFeatureMessages.js'
import { useToasts } from '../../modal/toasts.js'
import type { Formatters } from '../../utils/format.js'
import { useFormat } from '../../utils/useFormat.js'
import { permissionsMessages } from './messages.js'
import * as styles from './permissions.css.js'
import type { permissionsEn } from './permissions.en.js'

type Text = Catalogue<typeof permissionsEn>

/**
 * @internal
 * The Account view's permissions list: each running grant of the connected account (what it
 * allows, until when) with Revoke. Shown only when the wallet or the hosted service has grants.
 */
export function PermissionsList() {
  const permissions = usePermissions()
  const revoke = useRevokePermissions()
  const text = useFeatureMessages(permissionsMessages)
  const toasts = useToasts()
  const format = useFormat()
  const { network } = useNetwork()
  // Until the wallet has answered, the list may still appear (and grow the view): pending, not
  // empty. `isLoading`, not `isPending`: a query that cannot run yet is pending for ever.
  if (!text || permissions.isLoading) return <PartPending />
  if (permissions.isError)
    return (
      <p className={css.rowMeta} role="status" data-slot="permissions-error">
        {text.permissionsFailed}
      </p>
    )
  const list = permissions.data ?? []
  // An empty list being fetched again (a grant was just made) may fill and grow the view too.
  if (list.length === 0) return permissions.isFetching ? <PartPending /> : null
  const symbol = network?.nativeCurrency ?? { symbol: 'ETH', decimals: 18 }
  return (
    <section className={styles.section} aria-labelledby="portico-permissions-title" data-slot="permissions">
      <h3 className={styles.title} id="portico-permissions-title">
        {text.permissionsTitle}
      </h3>
      <ul className={views.list} data-slot="permissions-list">
        {list.map((permission) => {
          const what = permission.permissions.map((p) => describe(p, text, format, symbol)).join(' · ')
          const pending = revoke.isPending && revoke.variables?.context === permission.context
          return (
            <li key={permission.context} className={css.row} data-slot="permission-row">
              <span className={css.rowLabel}>
                <span data-slot="permission-what">{what}</span>
                <span className={css.rowMeta} style={{ display: 'block' }} data-slot="permission-until">
                  {text.permissionsUntil(until(permission, format.locale))}
                </span>
              </span>
              <button
                type="button"
                className={css.button({ variant: 'secondary', size: 'sm' })}
                aria-label={text.permissionsRevokeOne(what)}
                disabled={pending}
                onClick={() =>
                  revoke.mutate(
                    { context: permission.context, source: permission.source },
                    {
                      onSuccess: () => toasts.show('success', text.permissionsRevoked),
                      onError: () => toasts.show('error', text.permissionsRevokeFailed),
                    },
                  )
                }
                data-slot="permission-revoke"
              >
                {text.permissionsRevoke}
              </button>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

function until(permission: GrantedPermission, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(permission.expiry * 1000)
}

function period(seconds: unknown, text: Text): string {
  const s = typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds : 0
  if (s > 0 && s % 86400 === 0) return text.permissionsDays(String(s / 86400))
  if (s > 0 && s % 3600 === 0) return text.permissionsHours(String(s / 3600))
  return text.permissionsSeconds(String(s))
}

/**
 * A raw amount as a decimal string (`format.amount` truncates it). Kept here rather than taken from
 * headless's formatter: a main-entry helper used by a lazy chunk stays in page start (esbuild).
 */
function toDecimal(raw: bigint, decimals: number): string {
  const base = 10n ** BigInt(decimals)
  const fraction = (raw % base).toString().padStart(decimals, '0').replace(/0+$/, '')
  return fraction ? `${raw / base}.${fraction}` : `${raw / base}`
}

function quantity(value: unknown): bigint | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined
  try {
    return BigInt(value)
  } catch {
    return undefined
  }
}

/** One permission in words: the spec's permission types; another type is shown by its name. */
function describe(
  p: PermissionItem,
  text: Text,
  format: Formatters,
  native: { symbol: string; decimals: number },
): string {
  const amount = quantity(p.data.allowance)
  if (p.type === 'native-token-recurring-allowance' && amount !== undefined) {
    // Below what a balance shows (3 decimals) the amount would read 0: the exact wei instead.
    const shown =
      native.decimals >= 3 && amount >= 10n ** BigInt(native.decimals - 3)
        ? format.amount(toDecimal(amount, native.decimals), native.symbol)
        : format.isolate(`${amount} wei`)
    return text.permissionsNative(shown, period(p.data.period, text))
  }
  if (p.type === 'erc20-token-recurring-allowance' && amount !== undefined && typeof p.data.token === 'string')
    return text.permissionsToken(
      format.isolate(amount.toString()),
      truncateAddress(p.data.token),
      period(p.data.period, text),
    )
  if (p.type === 'contract-call' && typeof p.data.address === 'string')
    return text.permissionsContract(truncateAddress(p.data.address))
  return p.type
}
