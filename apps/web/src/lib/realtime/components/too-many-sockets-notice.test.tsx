import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { socketRefusals } from '../lib/socket-refusals.ts';
import { TooManySocketsNotice } from './too-many-sockets-notice.tsx';

describe('TooManySocketsNotice', () => {
  it('says why live data is missing while a socket is refused with too_many_sockets, and goes once it is back', async () => {
    renderWithProviders(<TooManySocketsNotice />);
    const notice = () => screen.queryByText(/te veel plaatsen tegelijk open/);
    expect(notice()).toBeNull();
    act(() => {
      socketRefusals.refused('lift:3');
      socketRefusals.refused('organisation');
    });
    // Announced as a status, so a screen reader says it without the user looking for it.
    expect((await screen.findByText(/te veel plaatsen tegelijk open/)).closest('[role="status"]')).not.toBeNull();
    act(() => socketRefusals.accepted('lift:3'));
    expect(notice()).toBeInTheDocument();
    act(() => socketRefusals.accepted('organisation'));
    expect(notice()).toBeNull();
  });
});
