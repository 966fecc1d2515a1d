import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userWithRole } from '../../test/fixtures.ts';
import { desktopMatchMedia, fakeMatchMedia } from '../../test/match-media.ts';
import { renderApp } from '../../test/render.tsx';
import { storedSession } from '../../test/session.ts';

describe('below the medium breakpoint', () => {
  beforeEach(() => {
    window.matchMedia = fakeMatchMedia(() => false);
  });
  afterEach(() => {
    window.matchMedia = desktopMatchMedia;
  });

  it('hides the menu in a 220 px temporary drawer behind a menu button', async () => {
    storedSession(userWithRole('admin'));
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.queryByRole('navigation', { name: 'Hoofdmenu' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Menu openen' }));
    const nav = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    const paper = nav.closest('.MuiDrawer-paper');
    if (!paper) throw new Error('the menu is not in a drawer');
    expect(getComputedStyle(paper).width).toBe('220px');

    await userEvent.click(within(nav).getByRole('link', { name: 'Events' }));
    expect(await screen.findByRole('heading', { name: 'Events' })).toBeInTheDocument();
  });
});
