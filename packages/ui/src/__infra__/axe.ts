// Browser tests only (Vitest browser mode): accessibility scans with axe-core in real Chromium,
// where layout and colour contrast are real.
import axe from 'axe-core'
import { expect } from 'vitest'

export type A11yViolation = Pick<axe.Result, 'id' | 'impact' | 'help' | 'helpUrl'> & { targets: string[] }

/** Runs axe-core (WCAG 2.0/2.1/2.2 A + AA and best practices) and returns the violations at `minImpact` or worse. */
export async function findA11yViolations(
  context: axe.ElementContext = document,
  { minImpact = 'serious', options }: { minImpact?: axe.ImpactValue; options?: axe.RunOptions } = {},
): Promise<A11yViolation[]> {
  const order: axe.ImpactValue[] = ['minor', 'moderate', 'serious', 'critical']
  const { violations } = await axe.run(context, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    resultTypes: ['violations'],
    ...options,
  })
  return violations
    .filter((v) => order.indexOf(v.impact ?? 'minor') >= order.indexOf(minImpact))
    .map(({ id, impact, help, helpUrl, nodes }) => ({
      id,
      impact,
      help,
      helpUrl,
      targets: nodes.map((n) => n.target.join(' ')),
    }))
}

/** Fails the test, listing each rule and element, when axe finds a serious or critical violation. */
export async function expectNoSeriousA11yViolations(
  context: axe.ElementContext = document,
  options?: axe.RunOptions,
): Promise<void> {
  expect(await findA11yViolations(context, options ? { options } : {})).toEqual([])
}
