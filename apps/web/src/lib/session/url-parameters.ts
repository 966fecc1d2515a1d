// Spec §4 "Session start": links from other systems (mails, the old portal) carry the session in
// the URL. The parameters are stored, then removed so tokens do not linger in history or bookmarks.
import { periodProblem } from '@liftwacht/contracts/periods';
import { sessionActions } from './session-store.ts';

const sessionParameters = ['access_token', 'start_date', 'end_date', 'organisation_id'] as const;

export function consumeUrlParameters(location: Location = window.location, history: History = window.history): void {
  const url = new URL(location.href);
  const params = url.searchParams;
  if (!sessionParameters.some((name) => params.has(name))) return;

  const token = params.get('access_token');
  if (token) sessionActions.login(token);

  const startDate = params.get('start_date');
  const endDate = params.get('end_date');
  // Only a period the server takes: one it refuses would fail every figure until changed by hand.
  if (startDate && endDate && periodProblem(startDate, endDate) === null) {
    sessionActions.setDateRange(startDate, endDate);
  }

  const organisationId = params.get('organisation_id');
  if (organisationId && /^\d+$/.test(organisationId)) {
    // A link that names an organisation chose it, as the picker would: the session keeps it.
    sessionActions.pickOrganisation(Number.parseInt(organisationId, 10));
  }

  for (const name of sessionParameters) params.delete(name);
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
