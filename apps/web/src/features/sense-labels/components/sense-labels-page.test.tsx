import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RoleName } from '@liftwacht/contracts/auth';
import type { SenseLabelItem, SenseLabels } from '@liftwacht/contracts/sense-labels';
import { storageKeys } from '../../../lib/storage.ts';
import { userWithRole } from '../../../test/fixtures.ts';
import type { MockResponse, RecordedRequest } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render.tsx';
import { storedSession } from '../../../test/session.ts';

const listUrl = '/liftwacht/organisations/1/sense-labels';

const emergencyStop: SenseLabelItem = {
  key: 'f3',
  defaults: { nl: { name: 'Noodstop', unit: null }, en: { name: 'Emergency stop', unit: null } },
  own: null,
  shown: { name: 'Noodstop', unit: null },
};
const mains: SenseLabelItem = {
  key: 'f13',
  defaults: { nl: { name: 'Netspanning', unit: 'V' }, en: { name: 'Mains voltage', unit: 'V' } },
  own: { nameNl: 'Voeding', nameEn: null, unit: 'V', version: 3 },
  shown: { name: 'Voeding', unit: 'V' },
};
const labels = (overrides: Partial<SenseLabels> = {}): SenseLabels => ({
  organisationId: 1,
  organisationName: 'Liftwacht Vastgoed',
  editable: true,
  items: [emergencyStop, mains],
  ...overrides,
});

type Route = MockResponse | ((request: RecordedRequest) => MockResponse);

function session(role: RoleName, stored: SenseLabels, extra: Record<string, Route> = {}) {
  return storedSession(userWithRole(role), { extra: { [`GET ${listUrl}`]: { body: { data: stored } }, ...extra } });
}

beforeEach(() => {
  localStorage.setItem(storageKeys.organisationId, '1');
});

describe('SenseLabelsPage', () => {
  it('lists the readings with their names, units and source, and renames one', async () => {
    const api = session('admin', labels(), {
      [`PUT ${listUrl}/f3`]: (request) => ({
        body: {
          data: {
            ...emergencyStop,
            own: { ...(request.body as object), version: 1 },
            shown: { name: 'Noodstop kooi', unit: null },
          },
        },
      }),
    });
    const user = userEvent.setup();
    renderApp('/admin/sense-labels');
    const table = await screen.findByRole('table', { name: 'Meetwaarden en hun namen' }, { timeout: 15_000 });
    expect(within(table).getByRole('row', { name: /f3 Noodstop — Standaard/ })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /f13 Voeding V Eigen naam/ })).toBeInTheDocument();
    expect(api.callsTo(`GET ${listUrl}`)[0]?.url.searchParams.get('locale')).toBe('nl');

    await user.click(screen.getByRole('button', { name: 'Naam van f3 wijzigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Naam van f3' });
    expect(within(dialog).getByText('Standaard: Emergency stop')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(within(dialog).getByText('Vul een Nederlandse of Engelse naam in')).toBeInTheDocument();
    expect(api.callsTo(`PUT ${listUrl}/f3`)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Naam (Nederlands)' }), 'Noodstop kooi');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('De naam van f3 is opgeslagen.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(`PUT ${listUrl}/f3`)[0]?.body).toEqual({
      nameNl: 'Noodstop kooi',
      nameEn: null,
      unit: null,
      version: null,
    });
  });

  it('loads the current names when somebody else changed them meanwhile', async () => {
    const current = { ...mains, own: { nameNl: 'Netspanning L1', nameEn: null, unit: 'V', version: 4 } };
    session('admin', labels(), {
      [`PUT ${listUrl}/f13`]: {
        status: 409,
        body: { error: { code: 'conflict', message: 'changed', field: 'version' }, current },
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/sense-labels');
    await user.click(await screen.findByRole('button', { name: 'Naam van f13 wijzigen' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Naam van f13' });
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText(/Iemand anders heeft deze naam intussen gewijzigd/)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Naam (Nederlands)' })).toHaveValue('Netspanning L1');
  });

  it('restores a default name with the version it read', async () => {
    // The server answers 204; the fetch stub cannot build a 204 with a body, and the client reads both alike.
    const api = session('admin', labels(), { [`DELETE ${listUrl}/f13`]: { body: {} } });
    const user = userEvent.setup();
    renderApp('/admin/sense-labels');
    await user.click(
      await screen.findByRole('button', { name: 'Standaardnaam van f13 terugzetten' }, { timeout: 15_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Standaardnaam terugzetten' });
    expect(within(dialog).getByText('f13 heet daarna weer „Netspanning”.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Terugzetten' }));
    expect(await screen.findByText('f13 heeft weer zijn standaardnaam.')).toBeInTheDocument();
    expect(api.callsTo(`DELETE ${listUrl}/f13`)[0]?.url.searchParams.get('version')).toBe('3');
  });

  it('shows a read-only list where the names are not the caller’s to change', async () => {
    session('admin', labels({ editable: false }));
    renderApp('/admin/sense-labels');
    expect(
      await screen.findByText('Alleen een beheerder van deze organisatie kan de namen wijzigen.', undefined, {
        timeout: 15_000,
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /wijzigen/ })).not.toBeInTheDocument();
  });

  it('tells a role without module management that the page is not theirs, without asking', async () => {
    const api = session('user', labels());
    renderApp('/admin/sense-labels');
    expect(
      await screen.findByText('U heeft geen toegang tot de namen van meetwaarden.', undefined, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(api.callsTo(`GET ${listUrl}`)).toHaveLength(0);
  });
});
