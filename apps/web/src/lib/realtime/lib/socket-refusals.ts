// Which of this browser's sockets the server refuses with too_many_sockets (SOCKETS_PER_USER,
// docs/realtime.md §4): the cap is the user's, over every tab and node, so one notice in the shell
// says so for all of them, and it goes once each socket is back.
type Listener = () => void;

const refused = new Set<string>();
const listeners = new Set<Listener>();

function changed(): void {
  for (const listener of listeners) listener();
}

export const socketRefusals = {
  /** `source` names the socket ("lift:12", "organisation"). */
  refused: (source: string): void => {
    if (refused.has(source)) return;
    refused.add(source);
    changed();
  },
  accepted: (source: string): void => {
    if (refused.delete(source)) changed();
  },
  /** For useSyncExternalStore. */
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  tooManySockets: (): boolean => {
    return refused.size > 0;
  },
};
