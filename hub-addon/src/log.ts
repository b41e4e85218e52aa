// Structured logs: one JSON object per line on stdout (the Supervisor shows them in the add-on's
// Log tab). Values under secret-looking keys, and bearer/JWT/refresh-token shaped strings, never
// reach the output.

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** A named logger: `log('plans').info('applied', { appliance_id })`. */
export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(name: string): Logger;
}

/** Where lines go and which are kept. */
export interface LogSink {
  level: LogLevel;
  write(line: string): void;
  /** Timestamps of the lines (the add-on's clock, so a simulated day logs simulated times). */
  now?: () => number;
}

const SECRET_KEY = /pass(word)?|token|secret|authorization|cookie|api[_-]?key/i;
// JWTs, our refresh tokens (rt_...), and "Bearer x" anywhere inside a string.
const SECRET_TEXT = /eyJ[\w-]+\.[\w-]+\.[\w-]+|\brt_[\w-]{8,}|Bearer\s+\S+/g;

/** A copy of `value` with secrets replaced by "[redacted]". */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(SECRET_TEXT, '[redacted]');
  if (value instanceof Error) return { name: value.name, message: redact(value.message, depth + 1) };
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) && v != null && v !== '' ? '[redacted]' : redact(v, depth + 1);
  return out;
}

/** Lines to stdout at `level`. */
export function stdoutSink(level: LogLevel, now?: () => number): LogSink {
  return { level, now, write: (line) => process.stdout.write(line + '\n') };
}

/** Creates the root logger named `name`. */
export function createLogger(sink: LogSink, name = 'addon'): Logger {
  const emit = (level: LogLevel, msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[level] < ORDER[sink.level]) return;
    const time = new Date(sink.now?.() ?? Date.now()).toISOString();
    const body = fields ? (redact(fields) as Record<string, unknown>) : {};
    sink.write(JSON.stringify({ time, level, logger: name, msg: redact(msg), ...body }));
  };
  return {
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
    child: (child) => createLogger(sink, `${name}.${child}`),
  };
}

/** A logger that drops everything (tests that do not read logs). */
export const silentLogger: Logger = createLogger({ level: 'error', write: () => {} });
