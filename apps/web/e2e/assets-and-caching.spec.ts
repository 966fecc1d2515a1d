// Issue 21: what a browser downloads for the login page arrives compressed (made at build time)
// and with the cache headers that let it keep the hashed files; the page the scripts replace
// goes away once the app runs; API answers arrive compressed too.
import { expect, test, type Response } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { demoUsers, logIn } from './support/demo.ts';

interface Received {
  url: string;
  status: number;
  headers: Record<string, string>;
  size: number;
}

/** The answer with its decoded size; null for one of a page left meanwhile (its body is gone). */
async function received(response: Response): Promise<Received | null> {
  try {
    // The decoded body: what the file holds, whatever came over the wire.
    const size = response.status() === 200 ? (await response.body()).length : 0;
    return { url: response.url(), status: response.status(), headers: response.headers(), size };
  } catch {
    return null;
  }
}

const answered = async (pending: Promise<Received | null>[]) =>
  (await Promise.all(pending)).filter((r): r is Received => r !== null);

test('the login page: scripts compressed and kept for a year, the document asked again every time', async ({
  page,
}) => {
  const pending: Promise<Received | null>[] = [];
  page.on('response', (response) => pending.push(received(response)));
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  // The name the first paint shows before the scripts is replaced by the login page's own.
  await expect(page.getByText('Liftwacht', { exact: true })).toHaveCount(1);
  const responses = await answered(pending);

  const document = responses.find((r) => new URL(r.url).pathname === '/login');
  expect(document?.headers['cache-control']).toBe('no-cache');
  expect(document?.headers['content-encoding']).toMatch(/^(br|gzip)$/);
  expect(document?.headers.vary).toMatch(/accept-encoding/i);

  const assets = responses.filter((r) => new URL(r.url).pathname.startsWith('/assets/'));
  // The first visit's scripts: the runtime, the shell's vendor chunk and the 'start' chunk (the login
  // route is part of it), and whatever they load.
  expect(assets.filter((a) => new URL(a.url).pathname.endsWith('.js')).length).toBeGreaterThanOrEqual(3);
  for (const asset of assets) {
    expect(asset.headers['cache-control'], asset.url).toBe('public, max-age=31536000, immutable');
    // The build leaves a few tiny chunks whole, where a compressed copy would not be smaller.
    if (asset.size > 1024) expect(asset.headers['content-encoding'], asset.url).toMatch(/^(br|gzip)$/);
  }
  expect(await seriousViolations(page)).toEqual([]);
});

test('API answers over 1 KB arrive compressed and read as usual', async ({ page }) => {
  await logIn(page, demoUsers.admin);
  const pending: Promise<Received | null>[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/liftwacht/')) pending.push(received(response));
  });
  await page.goto('/lifts');
  await expect(page.getByRole('heading', { level: 1, name: 'Liften' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  const answers = (await answered(pending)).filter((r) => r.status === 200);
  const large = answers.filter((r) => r.size > 1024);
  expect(large.length).toBeGreaterThan(0);
  for (const answer of large) expect(answer.headers['content-encoding'], answer.url).toMatch(/^(br|gzip)$/);
  for (const answer of answers.filter((r) => r.size < 1024)) {
    expect(answer.headers['content-encoding'], answer.url).toBeUndefined();
  }
});
