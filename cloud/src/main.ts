import { ConfigError, loadConfig } from './config.js';
import { configureLogging, log } from './log.js';
import { startCloud } from './server.js';

/** `npm start`: run one cloud instance until SIGINT or SIGTERM. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  configureLogging(config.logLevel);
  const cloud = await startCloud(config);
  console.log(`Offpeak cloud listening on ${cloud.url}`);

  const shutdown = (signal: string) => {
    log('main').info({ signal }, 'shutting down');
    cloud.stop().then(
      () => process.exit(0),
      (err) => {
        log('main').error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err) => {
  log('main').fatal({ err }, 'start-up failed');
  process.exit(1);
});
