/** See unit-schedule.mjs: the unit files `npm test` runs one at a time, and those it runs two at a time. */
export function unitSchedule(root: string): { alone: string[]; twoAtATime: string[] }
