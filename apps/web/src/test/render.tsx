// Renders the real route table (or one element) in a memory router with the app's providers.
import { CacheProvider } from '@emotion/react';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { AppRoutes } from '../app/router.tsx';
import { testEmotionCache } from './emotion-cache.ts';

/** Shows the current path so tests can assert where navigation ended. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** The app's providers, with the test file's own emotion cache (emotion-cache.ts). */
function Providers({ children }: { children: ReactNode }) {
  return (
    <CacheProvider value={testEmotionCache()}>
      <AppProviders>{children}</AppProviders>
    </CacheProvider>
  );
}

export function renderApp(path: string): RenderResult {
  return render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </Providers>,
  );
}

export function renderWithProviders(element: ReactElement, { path = '/' }: { path?: string } = {}): RenderResult {
  return render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={element} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </Providers>,
  );
}
