import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render.tsx';
import type { MockResponse } from '../../../test/mock-api.ts';
import { storePeriod } from '../../dashboard/testing/choose-period-view.ts';
import { dashboardSession, statsHandler } from '../../dashboard/testing/stats-fixtures.ts';

const october = { unit: 'month', offset: -1, from: '2026-10-01', to: '2026-10-31' } as const;

function captureDownloads() {
  const saved: { name: string; href: string }[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:report');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
  return saved;
}

describe('PDF report download', () => {
  it('posts the selected period and saves liftwacht-organisation-report-{id}.pdf, showing progress meanwhile', async () => {
    storePeriod(october);
    let finish: (response: MockResponse) => void = () => undefined;
    const api = dashboardSession('admin', {
      'GET /liftwacht/stats': statsHandler(),
      'POST /liftwacht/report/pdf': () => new Promise<MockResponse>((resolve) => (finish = resolve)),
    });
    const saved = captureDownloads();
    renderApp('/dashboard');

    await userEvent.click(await screen.findByRole('button', { name: 'PDF-rapport van de periode downloaden' }));
    expect(await screen.findByRole('button', { name: 'PDF-rapport wordt gemaakt…' })).toBeDisabled();
    expect(api.callsTo('POST /liftwacht/report/pdf')[0]?.body).toEqual({
      subjectId: 1,
      report: 'organisation',
      from: '2026-10-01',
      to: '2026-10-31',
    });

    finish({ body: '%PDF-1.7' });
    await waitFor(() => expect(saved).toEqual([{ name: 'liftwacht-organisation-report-1.pdf', href: 'blob:report' }]));
    expect(await screen.findByRole('button', { name: 'PDF-rapport van de periode downloaden' })).toBeEnabled();
  });

  it('only logs a failure', async () => {
    storePeriod(october);
    dashboardSession('admin', {
      'GET /liftwacht/stats': statsHandler(),
      'POST /liftwacht/report/pdf': { status: 500, body: { error: { code: 'internal_error', message: 'Boom' } } },
    });
    const saved = captureDownloads();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/dashboard');

    await userEvent.click(await screen.findByRole('button', { name: 'PDF-rapport van de periode downloaden' }));
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith(
        '[liftwacht]',
        'downloading the organisation report failed',
        expect.anything(),
      ),
    );
    expect(saved).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
