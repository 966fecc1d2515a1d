import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render.tsx';
import { liftsSession } from '../testing/lift-api.ts';

describe('The lift details module line', () => {
  it('links to the module page for those who manage modules, and is plain text for others', async () => {
    liftsSession('admin');
    const { unmount } = renderApp('/lifts/7');
    const details = await screen.findByRole('region', { name: 'Liftgegevens' }, { timeout: 15_000 });
    expect(within(details).getByRole('link', { name: 'ES-1007' })).toHaveAttribute('href', '/admin/modules/es/ES-1007');
    unmount();
    liftsSession('user');
    renderApp('/lifts/7');
    const plain = await screen.findByRole('region', { name: 'Liftgegevens' }, { timeout: 15_000 });
    expect(within(plain).getByText('ES-1007')).toBeInTheDocument();
    expect(within(plain).queryByRole('link', { name: 'ES-1007' })).not.toBeInTheDocument();
  });
});
