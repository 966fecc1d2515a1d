// Issue 15: the portal runs under its security headers. The pages people use most, a live socket
// and the API docs raise no Content-Security-Policy violation, and the portal refuses to be framed.
import { expect, test, type Page } from '@playwright/test';
import { alertsPanel, liftWithModule, logInAt } from './support/lift-realtime.ts';

/** Collects every CSP violation the page reports, from the DOM event and the console. */
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${String(event.lineNumber)}:${String(event.columnNumber)}`,
      );
    });
  });
  return violations;
}

test('the app works under its CSP: login, dashboard, lifts, a live lift page', async ({ page, baseURL }) => {
  const violations = watchViolations(page);
  const response = await page.goto('/');
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');

  const organisationId = await logInAt(page, baseURL ?? '');
  await page.goto('/lifts');
  await expect(page.getByRole('heading', { level: 1, name: 'Liften' })).toBeVisible();
  const { lift } = await liftWithModule(page, baseURL ?? '', organisationId);
  await page.goto(`/lifts/${String(lift.id)}`);
  await expect(alertsPanel(page).getByText('Verbinding: verbonden')).toBeVisible();
  expect(violations).toEqual([]);
});

test('the API docs work under the CSP', async ({ page }) => {
  const violations = watchViolations(page);
  await page.goto('/liftwacht/docs');
  await expect(page.getByText('Liftwacht API').first()).toBeVisible();
  expect(violations).toEqual([]);
});

test('another site cannot frame the portal', async ({ page, baseURL }) => {
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/frame-ancestors|Refused to (display|frame)/i.test(message.text())) blocked.push(message.text());
  });
  // A page of another origin (about:blank) framing the portal's login page.
  await page.setContent(`<iframe title="portal" src="${baseURL ?? ''}/login"></iframe>`);
  await expect.poll(() => blocked.length).toBeGreaterThan(0);
  await expect(page.frameLocator('iframe').getByRole('heading', { name: 'Inloggen' })).toHaveCount(0);
});
