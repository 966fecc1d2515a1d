import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { ScrollableTable } from './scrollable-table.tsx';

// jsdom lays nothing out: the widths a browser would measure are set here, and the resize
// observer is one the test fires, as a browser does when the window or the table changes size.
const widths = { box: 324, table: 600 };
let resized: (() => void)[] = [];

beforeEach(() => {
  widths.box = 324;
  widths.table = 600;
  resized = [];
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.querySelector('table') ? widths.box : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.querySelector('table') ? Math.max(widths.box, widths.table) : 0;
  });
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: () => void) {
        resized.push(callback);
      }
      observe = vi.fn();
      disconnect = vi.fn();
    },
  );
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A table whose rows can grow, as when the next page of a list arrives. */
function Energy() {
  const [months, setMonths] = useState(['maart 2026']);
  return (
    <>
      <button type="button" onClick={() => setMonths([...months, 'april 2026'])}>
        Eerder
      </button>
      <ScrollableTable label="Energie per maand">
        <table aria-label="Energie per maand">
          <tbody>
            {months.map((month) => (
              <tr key={month}>
                <td>{month}</td>
                <td>12,3 kWh</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollableTable>
    </>
  );
}

const region = () => screen.queryByRole('region', { name: 'Energie per maand' });

describe('ScrollableTable', () => {
  it('makes a table wider than its box a named region a keyboard user can tab to', async () => {
    renderWithProviders(<Energy />);
    const scroller = await screen.findByRole('region', { name: 'Energie per maand' });
    expect(within(scroller).getByRole('table', { name: 'Energie per maand' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Eerder' }));
    await user.tab();
    expect(scroller).toHaveFocus();
  });

  it('leaves a table that fits out of the tab order and the landmarks', async () => {
    widths.table = 300;
    renderWithProviders(<Energy />);
    expect(await screen.findByRole('table', { name: 'Energie per maand' })).toBeInTheDocument();
    expect(region()).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Eerder' }));
    await user.tab();
    expect(document.body).toHaveFocus();
  });

  it('follows the sizes: a wider window takes the region away, a narrower one brings it back', async () => {
    renderWithProviders(<Energy />);
    expect(await screen.findByRole('table', { name: 'Energie per maand' })).toBeInTheDocument();
    expect(region()).toBeInTheDocument();

    widths.box = 800;
    act(() => resized.forEach((callback) => callback()));
    expect(region()).toBeNull();

    widths.box = 324;
    act(() => resized.forEach((callback) => callback()));
    expect(region()).toBeInTheDocument();
  });

  it('measures again when new rows make the table wider', async () => {
    widths.table = 300;
    renderWithProviders(<Energy />);
    expect(await screen.findByRole('table', { name: 'Energie per maand' })).toBeInTheDocument();
    expect(region()).toBeNull();

    // No resize observer fires here: the new rows alone must lead to a new measurement.
    widths.table = 600;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Eerder' }));
    expect(await screen.findByRole('cell', { name: 'april 2026' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Energie per maand' })).toHaveAttribute('tabindex', '0');
  });
});
