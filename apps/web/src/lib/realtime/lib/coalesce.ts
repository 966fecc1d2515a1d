// Runs at once on the first call, then at most once more per window however many calls arrive in
// it, so a burst of pushes costs two refetches rather than one per push.
export function coalesce(run: () => void, windowMs: number): { call: () => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending = false;
  const release = () => {
    timer = undefined;
    if (!pending) return;
    pending = false;
    run();
    timer = setTimeout(release, windowMs);
  };
  return {
    call: () => {
      if (timer !== undefined) {
        pending = true;
        return;
      }
      run();
      timer = setTimeout(release, windowMs);
    },
    cancel: () => {
      clearTimeout(timer);
      timer = undefined;
      pending = false;
    },
  };
}
