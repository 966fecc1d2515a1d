import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe's serious and critical findings on the current page, in a form that reads well in a diff;
 * `include` narrows the check to the parts a flow adds, `exclude` leaves parts out (CSS selectors).
 */
export async function seriousViolations(page: Page, scope: { include?: string; exclude?: readonly string[] } = {}) {
  // A dialog or menu still fading in has translucent text: axe would measure its contrast mid-way.
  // Endless ones (a spinner) never finish and are left out.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const builder = new AxeBuilder({ page });
  if (scope.include !== undefined) builder.include(scope.include);
  for (const selector of scope.exclude ?? []) builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.map((node) => node.target.join(' ')),
    }));
}
