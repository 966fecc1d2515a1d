import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { TablePager } from './table-pager.tsx';

describe('TablePager', () => {
  it('ends its pages at the deepest offset the server serves, but counts every row', async () => {
    const onPage = vi.fn();
    // Page 40,001 of 25 rows starts at offset 1,000,000, the deepest the server serves.
    renderWithProviders(
      <TablePager
        total={5_000_000}
        page={40_000}
        rows={25}
        rowsPerPageOptions={[25]}
        onPage={onPage}
        onRows={vi.fn()}
      />,
    );
    expect(await screen.findByText('1000001–1000025 van 5000000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Volgende pagina' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Vorige pagina' })).toBeEnabled();
  });

  it('pages on as usual before that', async () => {
    renderWithProviders(
      <TablePager
        total={5_000_000}
        page={39_999}
        rows={25}
        rowsPerPageOptions={[25]}
        onPage={vi.fn()}
        onRows={vi.fn()}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Volgende pagina' })).toBeEnabled();
  });
});
