export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  /** Sent as-is instead of JSON-encoding `body`. */
  rawBody?: string;
  headers?: Record<string, string>;
}

/** A tiny JSON client for one base URL, returning status, parsed body and headers. */
export function apiClient(baseUrl: string) {
  async function call<T = any>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    let body: string | undefined;
    if (opts.rawBody !== undefined) body = opts.rawBody;
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const res = await fetch(baseUrl + path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* non-JSON body stays text */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }
  return {
    get: <T = any>(path: string, opts?: RequestOptions) => call<T>('GET', path, opts),
    post: <T = any>(path: string, body?: unknown, opts?: RequestOptions) => call<T>('POST', path, { ...opts, body }),
    put: <T = any>(path: string, body?: unknown, opts?: RequestOptions) => call<T>('PUT', path, { ...opts, body }),
    patch: <T = any>(path: string, body?: unknown, opts?: RequestOptions) => call<T>('PATCH', path, { ...opts, body }),
    delete: <T = any>(path: string, opts?: RequestOptions) => call<T>('DELETE', path, opts),
    call,
  };
}

export type ApiClient = ReturnType<typeof apiClient>;

let counter = 0;
/** A unique email for this test process. */
export const uniqueEmail = (prefix = 'user') => `${prefix}-${process.pid}-${Date.now()}-${++counter}@example.com`;

/** Signs up a fresh account and returns its session. */
export async function signUp(api: ApiClient, extra: Record<string, unknown> = {}) {
  const email = uniqueEmail();
  const password = 'correct horse battery';
  const res = await api.post('/auth/signup', { email, password, ...extra });
  if (res.status !== 200) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { email, password, token: res.body.access_token as string, refreshToken: res.body.refresh_token as string, userId: res.body.user.id as string };
}
