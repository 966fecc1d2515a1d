// Which lifts count on a day (DESIGN §7 "history is kept"): a lift decommissioned on day D leaves
// the current view once D has come (Europe/Amsterdam) and every period that starts on or after D.
// Its rows stay, so periods before D compute the same as before, and its own pages stay readable.
import { sql, type SQL } from 'drizzle-orm';

/**
 * Whether the lift (table alias `lift`, default `l`) is in service on the local day `day`
 * (yyyy-MM-dd): today for the current view, the first day for a period.
 */
export const liftInServiceSql = (day: string, lift: SQL = sql`l`): SQL =>
  sql`(${lift}.decommissioned_on is null or ${lift}.decommissioned_on > ${day}::date)`;
