import AxeBuilder from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';

const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** One line per failing rule: its id, impact, help text and the first few offending elements. */
function describe(violations: Result[]): string {
  return violations
    .map((violation) => {
      const targets = violation.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join('; ') ?? ''}`)
        .join('\n');
      return `  ${violation.id} (${violation.impact}): ${violation.help}\n${targets}`;
    })
    .join('\n');
}

/**
 * Runs axe-core over what the page shows now and fails on any serious or critical violation
 * (WCAG 2.1 A/AA and axe's best practices); minor and moderate ones are not this gate's business.
 * `screen` names the page in the failure.
 */
export async function expectNoSeriousA11yViolations(page: Page, screen: string): Promise<void> {
  // Legacy mode runs axe in the page alone. The default also opens a blank page per scan to combine
  // the results of cross-origin frames (the site has none), which doubled each scan's time.
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const failing = results.violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''));
  if (failing.length > 0) throw new Error(`axe found serious or critical accessibility violations on ${screen}:\n${describe(failing)}`);
}
