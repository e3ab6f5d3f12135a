import type { ReactNode } from 'react'
import * as css from './primitives.css.js'

/** @internal */
export function EmptyState({ title, body, icon }: { title: string; body?: string; icon?: ReactNode }) {
  return (
    <div className={css.empty} data-slot="empty-state">
      {icon}
      <p className={css.emptyTitle}>{title}</p>
      {body ? <p>{body}</p> : null}
    </div>
  )
}
