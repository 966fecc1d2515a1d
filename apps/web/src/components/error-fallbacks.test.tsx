import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { reloadPage } from '../lib/reload-page.ts';
import { ChartErrorPanel } from './chart-error-panel.tsx';
import { ComponentBoundary } from './component-boundary.tsx';
import { CriticalErrorFallback } from './critical-error-fallback.tsx';
import { PageBoundary } from './page-boundary.tsx';

vi.mock('../lib/reload-page.ts', () => ({ reloadPage: vi.fn() }));

let shouldThrow = true;
function Fragile() {
  if (shouldThrow) throw new Error('boom');
  return <p>Recovered</p>;
}

function quietConsole() {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
}

describe('error fallbacks (spec §2)', () => {
  it('critical: title, message and a Reload Application button', async () => {
    await i18next.changeLanguage('en');
    render(<CriticalErrorFallback />);
    expect(screen.getByRole('heading', { name: 'Critical Error' })).toBeInTheDocument();
    expect(screen.getByText('The application encountered a critical error and needs to reload.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload Application' }));
    expect(reloadPage).toHaveBeenCalled();
  });

  it('page: Page Error with Try Again, which renders the page again', async () => {
    await i18next.changeLanguage('en');
    quietConsole();
    shouldThrow = true;
    render(
      <MemoryRouter>
        <PageBoundary>
          <Fragile />
        </PageBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Page Error' })).toBeInTheDocument();
    expect(screen.getByText('Something went wrong loading this page. Please try again.')).toBeInTheDocument();
    shouldThrow = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('Recovered')).toBeInTheDocument();
  });

  it('component: "Component failed to load" with Retry, and the rest of the page stays', async () => {
    await i18next.changeLanguage('en');
    quietConsole();
    shouldThrow = true;
    const onRetry = vi.fn(() => {
      shouldThrow = false;
    });
    render(
      <>
        <p>Other card</p>
        <ComponentBoundary onRetry={onRetry}>
          <Fragile />
        </ComponentBoundary>
      </>,
    );
    expect(screen.getByRole('heading', { name: 'Component failed to load' })).toBeInTheDocument();
    expect(screen.getByText('Other card')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(screen.getByText('Recovered')).toBeInTheDocument();
  });

  it('shows the fallbacks in Dutch by default', () => {
    render(<CriticalErrorFallback />);
    expect(screen.getByRole('button', { name: 'Applicatie herladen' })).toBeInTheDocument();
  });
});

describe('chart error panel', () => {
  it('has the default title and message, at least 200 px high, and no Retry without a handler', async () => {
    await i18next.changeLanguage('en');
    render(<ChartErrorPanel />);
    const panel = screen.getByRole('alert');
    expect(screen.getByRole('heading', { name: 'Chart Error' })).toBeInTheDocument();
    expect(screen.getByText('Failed to load chart data')).toBeInTheDocument();
    expect(panel).toHaveStyle({ minHeight: '200px' });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('takes its own title and message and offers Retry', async () => {
    await i18next.changeLanguage('en');
    const onRetry = vi.fn();
    function Host() {
      const [count, setCount] = useState(0);
      return (
        <ChartErrorPanel
          title="Rides"
          message={`Attempt ${count}`}
          onRetry={() => {
            onRetry();
            setCount(count + 1);
          }}
        />
      );
    }
    render(<Host />);
    expect(screen.getByRole('heading', { name: 'Rides' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(screen.getByText('Attempt 1')).toBeInTheDocument();
  });
});
