import type { UseQueryResult } from '@tanstack/react-query';
import type { LiftOnSite } from '@liftwacht/contracts/lift-on-site';
import { QueryState } from '../../../components/query-state.tsx';
import { OnSiteRecent } from './on-site-recent.tsx';
import { OnSiteSummary } from './on-site-summary.tsx';

type OnSiteQuery = UseQueryResult<LiftOnSite>;

/** The lift now (state, call, faults, what is due): its spinner and its error with a retry. */
export function OnSiteSummaryPanel({ query }: { query: OnSiteQuery }) {
  return <QueryState query={query}>{(summary) => <OnSiteSummary summary={summary} />}</QueryState>;
}

/** The last events and visits, once the summary is there (its own spinner or error says the rest). */
export function OnSiteRecentPanel({ query }: { query: OnSiteQuery }) {
  return query.data ? <OnSiteRecent summary={query.data} /> : null;
}
