/**
 * See unit-schedule.mjs: the unit files `npm test` runs one at a time in their own module graph, those
 * it runs one at a time on the shared devnet in one module graph, and those it runs two at a time.
 */
export function unitSchedule(root: string): {
  alone: string[]
  oneGraph: string[]
  sharedDevnet: string[]
  twoAtATime: string[]
}
