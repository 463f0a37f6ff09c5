/**
 * A browser over fetch, for the tests that drive real server processes over HTTP (two servers, the PostgreSQL
 * outage, the event-loop guard): one cookie jar, the latest CSRF token (from `x-csrf-token` answers and from the
 * `<meta>`/hidden field of an HTML page), and on state-changing calls the token and the server's own `Origin`, as a
 * page of the site would send them.
 */
export class FetchBrowser {
  private readonly cookies = new Map<string, string>();
  csrf = '';

  /** Forgets the cookies and the token (a server restarted on a new database). */
  reset(): void {
    this.cookies.clear();
    this.csrf = '';
  }

  async request(origin: string, path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    if (init.method && init.method !== 'GET') {
      headers.set('x-csrf-token', this.csrf);
      headers.set('origin', origin);
    }
    const res = await fetch(`${origin}${path}`, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const token = res.headers.get('x-csrf-token');
    if (token) this.csrf = token;
    if (res.headers.get('content-type')?.startsWith('text/html')) {
      const meta = /name="(?:_csrf|csrf-token)" (?:value|content)="([^"]+)"/.exec(await res.clone().text());
      if (meta?.[1]) this.csrf = meta[1];
    }
    return res;
  }

  /** A JSON POST (or `method`) of `body`. */
  json(origin: string, path: string, body: unknown, init: RequestInit & { method?: string } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('content-type', 'application/json');
    return this.request(origin, path, {
      ...init,
      method: init.method ?? 'POST',
      headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }
}
