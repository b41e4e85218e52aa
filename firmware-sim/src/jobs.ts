// Background work of the runner: a job runs one at a time, and a trigger while it runs makes it
// run once more afterwards (requests coalesce instead of piling up while the cloud is down).

/** A coalescing background job. */
export interface Job {
  trigger(): void;
}

/** A job running `body`; its errors go to `onError` (the runner decides which are fatal). */
export function createJob(body: () => Promise<void>, onError: (e: unknown) => void, active: () => boolean): Job {
  let running = false;
  let again = false;
  const loop = async () => {
    do {
      again = false;
      try {
        await body();
      } catch (e) {
        onError(e);
      }
    } while (again && active());
    running = false;
  };
  return {
    trigger() {
      if (!active()) return;
      if (running) again = true;
      else {
        running = true;
        void loop();
      }
    },
  };
}
