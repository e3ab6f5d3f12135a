// @portico/headless/activity/react: the feature's React hooks, glue over the query option
// factories of '@portico/headless/activity' (its core entry, usable without React). The build
// gives this entry, and no core entry, the 'use client' directive.

export { useTransactions } from '../../features/activity/react/useTransactions.js'
