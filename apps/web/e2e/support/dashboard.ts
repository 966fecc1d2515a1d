// Helpers for the dashboard flows: the API as the page's own user sees it, and the app's number rules.
import { expect, type Locator, type Page } from '@playwright/test';

/** The session token the app stored after logging in. */
export async function storedToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('liftwacht-token'));
  if (!token) throw new Error('no token stored');
  return token;
}

/** GET /liftwacht{path} with the page's token; the JSON body's data. */
export async function apiData<T>(page: Page, path: string, query: Record<string, string | number> = {}): Promise<T> {
  const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]));
  const response = await page.request.get(`/liftwacht${path}?${search.toString()}`, {
    headers: { Authorization: `Bearer ${await storedToken(page)}` },
  });
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** The dashboard's percentage: at most 2 decimals, truncated as in the PDF report, Dutch notation. */
export function dutchPercentage(percent: number): string {
  const cleaned = Math.round(percent * 1e9) / 1e9;
  return `${new Intl.NumberFormat('nl', { maximumFractionDigits: 2, roundingMode: 'trunc' }).format(cleaned)} %`;
}

export const dutchCount = (value: number): string => new Intl.NumberFormat('nl').format(value);

/** A card is a link named "label value". */
export const statCard = (page: Page, label: string, value: string): Locator =>
  page.getByRole('link', { name: `${label} ${value}`, exact: true });

/** The period selector's menu button, named "Periode: {label}". */
export const periodButton = (page: Page, label: string): Locator =>
  page.getByRole('button', { name: `Periode: ${label}`, exact: true });

export async function showPeriodView(page: Page): Promise<void> {
  await page.getByRole('group', { name: 'Weergave' }).getByRole('button', { name: 'Periode' }).click();
  await expect(page.getByRole('button', { name: 'Vorige periode' })).toBeVisible();
}

/**
 * Clicks inside a pie slice. Playwright would click the centre of the slice's bounding box, which
 * for a wedge can lie in a neighbouring slice; this clicks between the centre and the middle of
 * the slice's arc instead.
 */
export async function clickPieSlice(page: Page, slice: Locator): Promise<void> {
  const point = await slice.evaluate((element) => {
    const path = element as SVGPathElement;
    const matrix = path.getScreenCTM();
    const [, cx = '0', cy = '0'] = /L\s*([\d.]+),([\d.]+)\s*Z/.exec(path.getAttribute('d') ?? '') ?? [];
    // The arc comes first in the path: its middle is at a quarter of the outline for a large slice.
    const onArc = path.getPointAtLength(path.getTotalLength() * 0.25);
    const x = Number(cx) + (onArc.x - Number(cx)) * 0.6;
    const y = Number(cy) + (onArc.y - Number(cy)) * 0.6;
    return matrix ? { x: matrix.a * x + matrix.c * y + matrix.e, y: matrix.b * x + matrix.d * y + matrix.f } : null;
  });
  if (!point) throw new Error('the slice is not drawn');
  await page.mouse.click(point.x, point.y);
}
