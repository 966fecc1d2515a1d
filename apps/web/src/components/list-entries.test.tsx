import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { Entry, EntryDetails, EntryList, OneLine } from './list-entries.tsx';

describe('EntryList', () => {
  it('is a list named like the table it replaces, each entry its title, status and lines', () => {
    renderWithProviders(
      <EntryList label="Oproepen">
        {['Opsluiting', 'Test'].map((title) => (
          <Entry key={title} title={<span>{title}</span>} status="Ontvangen">
            <EntryDetails>
              <OneLine>20-11-2026, 09:00:00</OneLine>
              {' · '}
              <OneLine component="time">5 min</OneLine>
            </EntryDetails>
          </Entry>
        ))}
      </EntryList>,
    );
    const list = screen.getByRole('list', { name: 'Oproepen' });
    const entries = within(list).getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('OpsluitingOntvangen20-11-2026, 09:00:00 · 5 min');
    expect(within(list).getAllByText('Ontvangen')[0]).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(within(list).getAllByText('20-11-2026, 09:00:00')[0]).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(within(list).getAllByText('5 min')[0]?.tagName).toBe('TIME');
  });
});
