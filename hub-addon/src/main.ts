// `npm start` / the add-on image's entry point: configuration from the options file and the
// environment, then the add-on until SIGTERM (the Supervisor's stop) or SIGINT.
import { startAddon } from './addon.js';
import { ConfigError, loadConfig } from './config.js';

let config;
try {
  config = loadConfig();
} catch (e) {
  if (!(e instanceof ConfigError)) throw e;
  process.stderr.write(
    JSON.stringify({ time: new Date().toISOString(), level: 'error', logger: 'addon', msg: 'invalid configuration', problems: e.problems }) + '\n',
  );
  process.stderr.write(e.message + '\n');
  process.exit(2);
}

const addon = await startAddon({ config });
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void addon.stop().then(() => process.exit(0));
  });
}
