import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe's serious and critical findings on the current page (or only within `include`, a CSS
 * selector, for the part a flow added), in a form that reads well in a diff.
 */
export async function seriousViolations(page: Page, include?: string) {
  // A dialog or menu still fading in has translucent text: axe would measure its contrast mid-way.
  // Endless ones (a spinner) never finish and are left out.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.map((node) => node.target.join(' ')),
    }));
}
