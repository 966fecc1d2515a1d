import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { liftsSession } from '../../lifts/testing/lift-api.ts';
import type { MockResponse } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render.tsx';
import { importPreview, importRow } from '../testing/import-preview.ts';

const csv = () => new File(['Naam;Adres\nLift A;Straat 1\n'], 'liften.csv', { type: 'text/csv' });

async function upload(preview: MockResponse, extra: Record<string, MockResponse> = {}) {
  const api = liftsSession('admin', { 'POST /liftwacht/admin/lift-imports': preview, ...extra });
  const user = userEvent.setup();
  renderApp('/lifts/import');
  const input = await screen.findByLabelText('Spreadsheet kiezen', {}, { timeout: 15_000 });
  await user.upload(input, csv());
  expect(screen.getByText(/Gekozen: liften\.csv/)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Uploaden en controleren' }));
  return { api, user };
}

describe('LiftImportPage', () => {
  it('uploads the file for the own organisation and previews rows with their problems; apply waits', async () => {
    const rows = [
      importRow(2),
      importRow(3, { action: 'update', liftId: 7, changes: ['city', 'postalCode'] }),
      importRow(4, {
        action: 'error',
        problems: [
          { field: 'commissionedOn', code: 'invalid_date', message: 'not a date', value: '31-02-2020' },
          { field: 'ownerNumber', code: 'duplicate_in_file', message: 'duplicate', value: 'E-1' },
        ],
      }),
    ];
    const { api, user } = await upload({
      status: 201,
      body: {
        data: importPreview(rows, {
          unknownColumns: [
            {
              header: 'Lifttyp',
              position: 3,
              reason: 'unknown',
              suggestion: { column: 'liftType', label: 'Lifttype' },
            },
          ],
          readOnlyColumns: ['esNumber'],
        }),
      },
    });
    expect(await screen.findByText('Fouten: 1')).toBeInTheDocument();
    const form = api.callsTo('POST /liftwacht/admin/lift-imports')[0]?.body as FormData;
    expect(form.get('organisationId')).toBe('1');
    expect((form.get('file') as File).name).toBe('liften.csv');
    expect(screen.getByText('Nieuw: 1')).toBeInTheDocument();
    expect(screen.getByText('Bijwerken: 1')).toBeInTheDocument();
    expect(screen.getByText(/Kolom 3: “Lifttyp” Bedoelt u “Lifttype” \(Type installatie\)\?/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Kolom “Lifttyp” negeren' })).not.toBeChecked();
    expect(screen.getByText('Deze kolommen worden alleen gelezen, niet geïmporteerd: ES-nummer')).toBeInTheDocument();
    expect(screen.getByText(/1 regel heeft een fout/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Importeren' })).toBeDisabled();

    // With errors the table starts at the errors only.
    const table = screen.getByRole('table', { name: 'Regels van het bestand' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText(/In gebruik genomen: is geen geldige datum/)).toBeInTheDocument();
    expect(within(table).getByText(/\(waarde: 31-02-2020\)/)).toBeInTheDocument();
    expect(within(table).getByText(/Eigenaarsnummer: komt al eerder in het bestand voor/)).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Alleen fouten tonen' }));
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByText('Wijzigt: Plaats, Postcode')).toBeInTheDocument();
  });

  it('pages through a large preview and applies a clean one, then shows the result', async () => {
    const rows = Array.from({ length: 10_000 }, (_, index) => importRow(index + 2));
    const { api, user } = await upload(
      { status: 201, body: { data: importPreview(rows) } },
      {
        'POST /liftwacht/admin/lift-imports/6f1c2b1e-8a43-4c5e-9d2a-3b7c1e0f9a11/apply': {
          body: {
            data: {
              id: '6f1c2b1e-8a43-4c5e-9d2a-3b7c1e0f9a11',
              created: 10_000,
              updated: 0,
              unchanged: 0,
              inspections: 0,
              visits: 0,
              appliedAt: '2026-11-25T10:01:00Z',
            },
          },
        },
      },
    );
    const table = await screen.findByRole('table', { name: 'Regels van het bestand' });
    // Only one page is rendered: the header and 25 rows.
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    await user.click(screen.getByRole('button', { name: 'Volgende pagina' }));
    expect(within(table).getByText('Lift 27')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Importeren' }));
    expect(await screen.findByText(/10000 liften aangemaakt, 0 bijgewerkt/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar de liftenlijst' })).toHaveAttribute('href', '/lifts');
    expect(api.callsTo('POST /liftwacht/admin/lift-imports/6f1c2b1e-8a43-4c5e-9d2a-3b7c1e0f9a11/apply')).toHaveLength(
      1,
    );
  });

  it('waits until each unknown column is ignored, then sends them with the apply; shows the records a row adds', async () => {
    const rows = [importRow(2, { action: 'unchanged', liftId: 4, records: ['inspection', 'visit'] })];
    const unknown = (header: string, position: number) => ({
      header,
      position,
      reason: 'unknown' as const,
      suggestion: null,
    });
    const { api, user } = await upload(
      {
        status: 201,
        body: { data: importPreview(rows, { unknownColumns: [unknown('Opmerking', 3), unknown('Notitie', 4)] }) },
      },
      {
        'POST /liftwacht/admin/lift-imports/6f1c2b1e-8a43-4c5e-9d2a-3b7c1e0f9a11/apply': {
          body: {
            data: {
              id: '6f1c2b1e-8a43-4c5e-9d2a-3b7c1e0f9a11',
              created: 0,
              updated: 0,
              unchanged: 1,
              inspections: 1,
              visits: 1,
              appliedAt: '2026-11-25T10:01:00Z',
            },
          },
        },
      },
    );
    expect(await screen.findByText('Keuringen: 1')).toBeInTheDocument();
    expect(screen.getByText('Onderhoudsbezoeken: 1')).toBeInTheDocument();
    expect(screen.getByText('Voegt toe: keuring, onderhoudsbezoek')).toBeInTheDocument();
    expect(screen.getAllByText('Geen bekende kolom lijkt erop.', { exact: false })).toHaveLength(2);
    const apply = screen.getByRole('button', { name: 'Importeren' });
    expect(apply).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Kolom “Opmerking” negeren' }));
    expect(apply).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Kolom “Notitie” negeren' }));
    expect(apply).toBeEnabled();
    await user.click(apply);
    expect(await screen.findByText(/1 keuringen en 1 onderhoudsbezoeken toegevoegd/)).toBeInTheDocument();
    const [call] = api.callsTo('POST /liftwacht/admin/lift-imports/6f1c2b1e-8a43-4c5e-9d2a-3b7c1e0f9a11/apply');
    expect(call?.body).toEqual({ ignoreColumns: ['Opmerking', 'Notitie'] });
  });

  it('lists the first 20 unknown columns one by one and the rest as a count, left out together', async () => {
    const unknownColumns = Array.from({ length: 25 }, (_, i) => ({
      header: `Extra ${String(i + 1)}`,
      position: i + 3,
      reason: 'unknown' as const,
      suggestion: null,
    }));
    const { api, user } = await upload(
      { status: 201, body: { data: importPreview([importRow(2, { action: 'create' })], { unknownColumns }) } },
      {
        'POST /liftwacht/admin/lift-imports/6f1c2b1e-8a43-4c5e-9d2a-3b7c1e0f9a11/apply': {
          body: {
            data: {
              id: '6f1c2b1e-8a43-4c5e-9d2a-3b7c1e0f9a11',
              created: 1,
              updated: 0,
              unchanged: 0,
              inspections: 0,
              visits: 0,
              appliedAt: '2026-11-25T10:01:00Z',
            },
          },
        },
      },
    );
    expect(await screen.findByText('…en nog 5 onbekende kolommen.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Kolom “Extra 20” negeren' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Kolom “Extra 21” negeren' })).not.toBeInTheDocument();
    for (let i = 1; i <= 20; i++) {
      await user.click(screen.getByRole('checkbox', { name: `Kolom “Extra ${String(i)}” negeren` }));
    }
    const apply = screen.getByRole('button', { name: 'Importeren' });
    expect(apply).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'De andere 5 onbekende kolommen negeren' }));
    expect(apply).toBeEnabled();
    await user.click(apply);
    await screen.findByText(/1 liften aangemaakt/);
    const [call] = api.callsTo('POST /liftwacht/admin/lift-imports/6f1c2b1e-8a43-4c5e-9d2a-3b7c1e0f9a11/apply');
    expect(call?.body).toEqual({ ignoreColumns: unknownColumns.map((column) => column.header) });
  });

  it('shows the server’s refusal of a file', async () => {
    await upload({
      status: 400,
      body: { error: { code: 'validation_failed', message: 'The file has no column for: address' } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Het bestand is geweigerd: The file has no column for: address',
    );
  });

  it('explains a conflict when applying', async () => {
    const { user } = await upload(
      { status: 201, body: { data: importPreview([importRow(2)]) } },
      {
        'POST /liftwacht/admin/lift-imports/6f1c2b1e-8a43-4c5e-9d2a-3b7c1e0f9a11/apply': {
          status: 409,
          body: { error: { code: 'conflict', message: 'applied already' } },
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Importeren' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /al toegepast, of een lift is sinds de controle gewijzigd/,
    );
  });

  it('refuses a file above 20 MB before sending it', async () => {
    const api = liftsSession('admin');
    const user = userEvent.setup();
    renderApp('/lifts/import');
    const big = new File(['x'], 'groot.xlsx');
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    await user.upload(await screen.findByLabelText('Spreadsheet kiezen', {}, { timeout: 15_000 }), big);
    expect(screen.getByRole('alert')).toHaveTextContent('Het bestand is te groot: maximaal 20 MB.');
    await user.click(screen.getByRole('button', { name: 'Uploaden en controleren' }));
    await waitFor(() => expect(api.callsTo('POST /liftwacht/admin/lift-imports')).toHaveLength(0));
  });
});
