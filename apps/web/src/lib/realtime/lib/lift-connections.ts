// One connection per lift (spec §4), shared by everything on the page that shows that lift, and
// closed when the last of them is gone.
import { LiftConnection, type LiftConnectionDeps } from './lift-connection.ts';
import { liftAccessToken } from './lift-token.ts';
import { clearSocketAccess } from './socket-access-store.ts';

interface Entry {
  connection: LiftConnection;
  users: number;
}

export function createLiftConnections(deps: LiftConnectionDeps) {
  const entries = new Map<number, Entry>();
  return {
    /** The lift's connection (started on first use); call the returned release when done with it. */
    acquire(liftId: number): { connection: LiftConnection; release: () => void } {
      let entry = entries.get(liftId);
      if (!entry) {
        entry = { connection: new LiftConnection(liftId, deps), users: 0 };
        entries.set(liftId, entry);
      }
      entry.users += 1;
      const current = entry;
      current.connection.start();
      let released = false;
      return {
        connection: current.connection,
        release: () => {
          if (released) return;
          released = true;
          current.users -= 1;
          if (current.users > 0) return;
          current.connection.close();
          if (entries.get(liftId) === current) entries.delete(liftId);
        },
      };
    },
  };
}

export const liftConnections = createLiftConnections({ token: liftAccessToken, clearAccess: clearSocketAccess });
