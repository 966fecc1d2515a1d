// Pushes from a real Socket.IO server in this process refetch the screen's queries.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadSessionFromStorage } from '../../../lib/session/session-store.ts';
import { storageKeys } from '../../../lib/storage.ts';
import { startTestSocketServer, type TestSocketServer } from '../testing/socket-test-server.ts';
import { useRefetchOnOrganisationChange } from './use-refetch-on-organisation-change.ts';

let server: TestSocketServer;

vi.mock(import('../lib/socket-options.ts'), async (original) => ({
  ...(await original()),
  socketUrl: () => server.url,
}));

beforeAll(async () => {
  server = await startTestSocketServer();
  server.validTokens.add('user-token');
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  localStorage.setItem(storageKeys.userToken, 'user-token');
  reloadSessionFromStorage();
});

function CurrentCalls({ onFetch, organisationId }: { onFetch: () => void; organisationId: number | null }) {
  useQuery({
    queryKey: ['calls', 'current', 4],
    queryFn: () => {
      onFetch();
      return Promise.resolve([]);
    },
  });
  useRefetchOnOrganisationChange(organisationId, [['calls', 'current', 4]], ['calls']);
  return null;
}

const withClient = (node: ReactNode) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } })}>
    {node}
  </QueryClientProvider>
);

const following = (organisationId: number) =>
  waitFor(() => expect(server.sockets().some((s) => s.rooms.has(`organisation:${String(organisationId)}`))).toBe(true));

describe('useRefetchOnOrganisationChange', () => {
  it('refetches on a push of a wanted kind for the organisation, coalescing a burst', async () => {
    const onFetch = vi.fn();
    const view = render(withClient(<CurrentCalls onFetch={onFetch} organisationId={4} />));
    await waitFor(() => expect(onFetch).toHaveBeenCalledTimes(1));
    await following(4);

    act(() => server.emitOrganisationChanged(4, ['events']));
    act(() => server.emitOrganisationChanged(5, ['calls']));
    act(() => server.emitOrganisationChanged(4, ['calls', 'events']));
    await waitFor(() => expect(onFetch).toHaveBeenCalledTimes(2));

    // A burst inside the window: one more refetch at its end, not one per push.
    act(() => {
      for (let i = 0; i < 5; i++) server.emitOrganisationChanged(4, ['calls']);
    });
    await waitFor(() => expect(onFetch).toHaveBeenCalledTimes(3), { timeout: 4000 });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(onFetch).toHaveBeenCalledTimes(3);

    view.unmount();
    await waitFor(() => expect(server.sockets()).toHaveLength(0));
  });

  it('does not follow without an organisation', async () => {
    const onFetch = vi.fn();
    const view = render(withClient(<CurrentCalls onFetch={onFetch} organisationId={null} />));
    await waitFor(() => expect(onFetch).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.sockets()).toHaveLength(0);
    view.unmount();
  });
});
