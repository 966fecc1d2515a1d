import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RealtimeAlertsPanel } from './realtime-alerts-panel.tsx';

describe('RealtimeAlertsPanel', () => {
  it('shows a clear empty state and the connection state', () => {
    render(<RealtimeAlertsPanel alerts={[]} connection="idle" />);
    const panel = screen.getByRole('region', { name: 'Realtime meldingen' });
    expect(within(panel).getByRole('status')).toHaveTextContent('Geen realtime meldingen');
    expect(within(panel).getByText('Verbinding: niet actief')).toBeInTheDocument();
  });

  it('lists alerts with their severity and time', () => {
    render(
      <RealtimeAlertsPanel
        connection="connected"
        alerts={[
          { id: 'a', at: '2026-11-21T09:00:00Z', text: 'Noodstop ingedrukt', severity: 'error' },
          { id: 'b', at: '2026-11-21T09:01:00Z', text: 'Deur open', severity: 'info' },
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: 'Realtime meldingen' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('FoutNoodstop ingedrukt');
    expect(items[0]).toHaveTextContent('21-11-2026, 10:00');
    expect(items[1]).toHaveTextContent('InfoDeur open');
    expect(screen.getByText('Verbinding: verbonden')).toBeInTheDocument();
  });
});
