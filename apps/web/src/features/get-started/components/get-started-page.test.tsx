import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GetStarted } from '@liftwacht/contracts/get-started';
import { userWithRole } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { storedSession } from '../../../test/session.ts';
import { storageKeys } from '../../../lib/storage.ts';

const checklist = (done: Partial<Record<GetStarted['steps'][number]['step'], number>>): GetStarted => {
  const steps = (['organisations', 'people', 'lifts', 'modules'] as const).map((step) => ({
    step,
    count: done[step] ?? 0,
    done: (done[step] ?? 0) > 0,
  }));
  return { steps, done: steps.every((s) => s.done) };
};

const location = () => screen.getByTestId('location').textContent;

describe('GetStartedPage', () => {
  it('lists the steps with what is done and where each is done', async () => {
    localStorage.setItem(storageKeys.organisationId, '1');
    storedSession(userWithRole('system-admin'), {
      extra: { 'GET /liftwacht/get-started': { body: { data: checklist({ organisations: 2 }) } } },
    });
    renderApp('/admin/get-started');
    const list = await screen.findByRole('list', { name: 'Stappen om Liftwacht in te richten' }, { timeout: 15_000 });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    const item = (index: number): HTMLElement => {
      const found = items[index];
      if (!found) throw new Error(`no step ${String(index + 1)}`);
      return found;
    };
    expect(items[0]).toHaveTextContent('1. Organisaties aanmaken');
    expect(items[0]).toHaveTextContent('2 organisaties');
    expect(within(item(0)).getByRole('link', { name: 'Naar organisaties' })).toHaveAttribute(
      'href',
      '/admin/organisations',
    );
    expect(items[1]).toHaveTextContent('Nog te doen');
    expect(within(item(2)).getByRole('link', { name: 'Lift toevoegen' })).toHaveAttribute('href', '/lifts/new');
    expect(within(item(2)).getByRole('link', { name: 'Liften importeren' })).toHaveAttribute('href', '/lifts/import');
    expect(within(item(3)).getByRole('link', { name: 'Naar modules' })).toHaveAttribute('href', '/admin/modules');
    expect(screen.getByText('1 van 4 stappen gedaan')).toBeInTheDocument();
  });

  it('gives way to the dashboard once every step is done', async () => {
    localStorage.setItem(storageKeys.organisationId, '1');
    storedSession(userWithRole('system-admin'), {
      extra: {
        'GET /liftwacht/get-started': {
          body: { data: checklist({ organisations: 2, people: 3, lifts: 7, modules: 1 }) },
        },
      },
    });
    renderApp('/admin/get-started');
    await waitFor(() => expect(location()).toBe('/dashboard'), { timeout: 15_000 });
  });

  it('is for administrators only, and asks the server nothing for others', async () => {
    const api = storedSession(userWithRole('user'));
    renderApp('/admin/get-started');
    expect(await screen.findByText('Deze pagina is voor beheerders.', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(api.callsTo('GET /liftwacht/get-started')).toHaveLength(0);
  });
});
