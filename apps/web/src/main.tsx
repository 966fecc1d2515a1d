import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { initI18n } from './lib/i18n.ts';
import { consumeUrlParameters } from './lib/session/url-parameters.ts';

// Before the router reads the URL, so the first route already sees the cleaned address.
consumeUrlParameters();
await initI18n();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
