/**
 * See unit-schedule.mjs: the unit files `npm test` runs one at a time in their own module graph
 * (`alone`), one at a time beside the browser files in one module graph (`oneGraph`; the devnet
 * package's files of that kind later, three at a time: `oneGraphLate`), one at a time
 * on the shared devnet in one module graph (`sharedDevnet`), and the rest (`pure`: they start nothing and read no shared devnet).
 */
export function unitSchedule(root: string): {
  alone: string[]
  oneGraph: string[]
  oneGraphLate: string[]
  sharedDevnet: string[]
  pure: string[]
}
