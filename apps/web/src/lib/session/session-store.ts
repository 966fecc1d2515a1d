// The session state of spec §3, shared by every feature. A tiny external store (no library):
// the state is small, changes rarely, and most of it mirrors localStorage.
import type { User } from '@liftwacht/contracts/auth';
import type { Organisation, PickableOrganisation } from '@liftwacht/contracts/organisations';
import { periodProblem } from '@liftwacht/contracts/periods';
import { defaultDateRange } from '../dates.ts';
import {
  readCheckedJson,
  readInteger,
  readString,
  removeItem,
  storageKeys,
  writeJson,
  writeString,
} from '../storage.ts';
import { isPeriodSelection, type PeriodSelection } from './period-selection.ts';

export interface SessionState {
  userToken: string | null;
  /** The signed-in user's profile; null until it is fetched (the session is then "restoring"). */
  user: User | null;
  userOrganisation: Pick<Organisation, 'type' | 'name'> | null;
  organisationList: readonly PickableOrganisation[];
  /** Bumped to fetch the organisation list again (an organisation, grant or first lift was added). */
  organisationListVersion: number;
  organisationId: number | null;
  /** The person chose organisationId in the picker (rather than the session's default). */
  organisationPicked: boolean;
  /** As chosen; read it through selectViewIsCurrent, which applies the role rule. */
  viewIsCurrent: boolean;
  lockedLiftId: number | null;
  senseNotConnectedFilter: string;
  startDate: string;
  endDate: string;
  period: PeriodSelection | null;
}

// Every period request (dashboard, lift figures, calls, the report) sends this range, so a stored
// one the server refuses (before 1900, reversed, over ten years) is replaced by the default.
function readDateRange(): { startDate: string; endDate: string } {
  const startDate = readString(storageKeys.startDate);
  const endDate = readString(storageKeys.endDate);
  if (startDate !== null && endDate !== null && periodProblem(startDate, endDate) === null) {
    return { startDate, endDate };
  }
  return defaultDateRange(new Date());
}

/** The state as the browser remembers it. */
export function readStoredSession(): SessionState {
  return {
    userToken: readString(storageKeys.userToken),
    user: null,
    userOrganisation: null,
    organisationList: [],
    organisationListVersion: 0,
    organisationId: readInteger(storageKeys.organisationId),
    organisationPicked: readString(storageKeys.organisationPicked) === 'true',
    viewIsCurrent: readString(storageKeys.viewIsCurrent) !== 'false',
    lockedLiftId: readInteger(storageKeys.lockedLiftId),
    senseNotConnectedFilter: readString(storageKeys.senseNotConnectedFilter) ?? '',
    ...readDateRange(),
    period: readCheckedJson(storageKeys.period, isPeriodSelection),
  };
}

type Listener = () => void;

let state: SessionState = readStoredSession();
const listeners = new Set<Listener>();

function setState(patch: Partial<SessionState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export function getSessionState(): SessionState {
  return state;
}

export function subscribeToSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-reads the browser storage; tests use it to start from a clean state. */
export function reloadSessionFromStorage(): void {
  setState(readStoredSession());
}

const signedOutUser: Pick<SessionState, 'user' | 'userOrganisation' | 'organisationList'> = {
  user: null,
  userOrganisation: null,
  organisationList: [],
};

function persistInteger(key: (typeof storageKeys)['organisationId' | 'lockedLiftId'], value: number | null): void {
  if (value === null) removeItem(key);
  else writeString(key, String(value));
}

export const sessionActions = {
  /** A new access token (login or `access_token` URL parameter); a different one drops the old profile. */
  login(token: string): void {
    writeString(storageKeys.userToken, token);
    if (token === state.userToken) return;
    setState({ userToken: token, ...signedOutUser });
  },

  setUser(user: User): void {
    setState({ user });
  },

  setUserOrganisation(organisation: Pick<Organisation, 'type' | 'name'>): void {
    setState({ userOrganisation: { type: organisation.type, name: organisation.name } });
  },

  setOrganisationList(organisationList: readonly PickableOrganisation[]): void {
    setState({ organisationList });
  },

  /** Something the list shows changed (an organisation, a grant, lifts): fetch it again. */
  refreshOrganisationList(): void {
    setState({ organisationListVersion: state.organisationListVersion + 1 });
  },

  /** The session's own choice (the default when the list loads, a URL parameter, a mechanic's own). */
  setOrganisationId(organisationId: number | null): void {
    persistInteger(storageKeys.organisationId, organisationId);
    removeItem(storageKeys.organisationPicked);
    setState({ organisationId, organisationPicked: false });
  },

  /** The person's own choice in the picker: kept when the list reloads, lifts or not. */
  pickOrganisation(organisationId: number): void {
    persistInteger(storageKeys.organisationId, organisationId);
    writeString(storageKeys.organisationPicked, 'true');
    setState({ organisationId, organisationPicked: true });
  },

  setLockedLiftId(lockedLiftId: number | null): void {
    persistInteger(storageKeys.lockedLiftId, lockedLiftId);
    setState({ lockedLiftId });
  },

  setDateRange(startDate: string, endDate: string): void {
    writeString(storageKeys.startDate, startDate);
    writeString(storageKeys.endDate, endDate);
    setState({ startDate, endDate });
  },

  setViewIsCurrent(viewIsCurrent: boolean): void {
    writeString(storageKeys.viewIsCurrent, String(viewIsCurrent));
    setState({ viewIsCurrent });
  },

  /** Choosing a period sets its date range and turns the current view off (spec §4 "View"). */
  choosePeriod(period: PeriodSelection): void {
    writeJson(storageKeys.period, period);
    writeString(storageKeys.startDate, period.from);
    writeString(storageKeys.endDate, period.to);
    writeString(storageKeys.viewIsCurrent, 'false');
    setState({ period, startDate: period.from, endDate: period.to, viewIsCurrent: false });
  },

  setSenseNotConnectedFilter(senseNotConnectedFilter: string): void {
    writeString(storageKeys.senseNotConnectedFilter, senseNotConnectedFilter);
    setState({ senseNotConnectedFilter });
  },

  /** The 401 rule (spec §8): the token is no longer valid, forget it. */
  clearToken(): void {
    removeItem(storageKeys.userToken);
    setState({ userToken: null, ...signedOutUser });
  },

  /** Spec §4: clears the stored token, organisation, start date, end date and period, and resets the user state. */
  logout(): void {
    for (const key of [
      storageKeys.userToken,
      storageKeys.organisationId,
      storageKeys.organisationPicked,
      storageKeys.startDate,
      storageKeys.endDate,
      storageKeys.period,
    ]) {
      removeItem(key);
    }
    setState({
      userToken: null,
      ...signedOutUser,
      organisationId: null,
      organisationPicked: false,
      period: null,
      ...defaultDateRange(new Date()),
    });
  },
};
