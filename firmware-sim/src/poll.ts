// The command long-poll loop: park on GET /devices/commands, hand each batch over, poll again at
// once; back off while the cloud is unreachable. Ends when the signal aborts or on a final error.
import { retry, type RetryOptions } from './backoff.js';
import type { CloudClient } from './cloud-client.js';
import type { DeviceCommand } from './wire.js';

/** What the loop needs. */
export interface PollOptions extends RetryOptions {
  client: CloudClient;
  signal: AbortSignal;
  /** The `wait` to ask for, s (the config's command_poll_wait_s, read at every poll). */
  waitS: () => number;
  onCommands: (commands: DeviceCommand[]) => Promise<void> | void;
}

/** Polls until aborted (resolves) or a final error (rejects with it). */
export async function pollCommands(options: PollOptions): Promise<void> {
  const { client, signal } = options;
  while (!signal.aborted) {
    try {
      const commands = await retry(() => client.commands(options.waitS(), signal), options);
      if (commands.length) await options.onCommands(commands);
    } catch (e) {
      if (signal.aborted) return;
      throw e;
    }
  }
}
