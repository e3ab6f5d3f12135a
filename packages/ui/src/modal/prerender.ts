import * as React from 'react'

/**
 * @internal
 * React's `<Activity>` (React 19.2 and later), undefined on older Reacts. Read from the namespace,
 * not imported by name, so a React without it still bundles without a missing-export warning.
 * With it, the closed modal is rendered ahead at idle, hidden (see {@link Modal}); without it the
 * modal renders when it opens, as before.
 */
export const Activity = (
  React as unknown as {
    Activity?: React.ComponentType<{ mode: 'visible' | 'hidden'; children?: React.ReactNode }>
  }
).Activity
