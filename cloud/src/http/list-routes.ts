/** One registered endpoint: upper-case method and an OpenAPI-style path (`/a/{id}`). */
export interface RouteEntry {
  method: string;
  path: string;
}

// The parts of router 2.x (Express 5) that hold the registrations: a Layer keeps its path in
// `rawPath` (string, RegExp or array), a route layer carries `route` ({ path, methods }), and a
// mounted router is a layer whose `handle` has its own `stack`. Plain middleware has neither.
interface RouteLike {
  path: unknown;
  methods: Record<string, boolean | undefined>;
}
interface LayerLike {
  rawPath?: unknown;
  route?: RouteLike;
  handle?: { stack?: unknown };
}

/**
 * Every `{ method, path }` registered on an Express 5 app, mounted routers included, in
 * registration order without duplicates. `:param` and `*splat` become `{param}` / `{splat}`;
 * `.all()` is reported as method `ALL`; the automatic HEAD of a GET is not listed. Routes of
 * mounted sub-applications (`app.use(path, otherApp)`) are not visible and not listed.
 */
export function listRoutes(app: { router: unknown }): RouteEntry[] {
  const seen = new Set<string>();
  const entries: RouteEntry[] = [];
  for (const entry of walk(stackOf(app.router), '')) {
    const key = `${entry.method} ${entry.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    entries.push(entry);
  }
  return entries;
}

function* walk(stack: LayerLike[], prefix: string): Generator<RouteEntry> {
  for (const layer of stack) {
    if (layer.route) {
      const methods = Object.keys(layer.route.methods).filter((m) => layer.route!.methods[m]);
      for (const path of pathsOf(layer.route.path)) {
        for (const method of methods) yield { method: method === '_all' ? 'ALL' : method.toUpperCase(), path: join(prefix, path) };
      }
    } else if (Array.isArray(layer.handle?.stack)) {
      for (const path of pathsOf(layer.rawPath)) yield* walk(layer.handle.stack as LayerLike[], join(prefix, path));
    }
  }
}

function stackOf(router: unknown): LayerLike[] {
  const stack = (router as { stack?: unknown } | undefined)?.stack;
  return Array.isArray(stack) ? (stack as LayerLike[]) : [];
}

/** A layer path may be a string, a RegExp (listed as its source text) or a nested array of both. */
function pathsOf(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.flatMap(pathsOf);
  if (raw instanceof RegExp) return [String(raw)];
  return typeof raw === 'string' ? [toTemplate(raw)] : [];
}

function toTemplate(path: string): string {
  return path.replace(/[:*]([A-Za-z_$][\w$]*)/g, '{$1}');
}

function join(prefix: string, path: string): string {
  const head = prefix.replace(/\/+$/, '');
  const tail = path === '/' ? '' : path.replace(/\/+$/, '');
  return head + tail || '/';
}
