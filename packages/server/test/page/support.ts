// A minimal form-posting client for the admin page: keeps cookies like a browser would (per
// name), reads hidden CSRF fields from the HTML, never follows redirects on its own.
import type { TestServer } from '../support/harness.js';

export class PageClient {
  readonly cookies = new Map<string, string>();
  constructor(private readonly srv: TestServer) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      if (attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async get(path: string): Promise<{ status: number; text: string; headers: Headers }> {
    const res = await fetch(this.srv.url + path, { headers: { cookie: this.cookieHeader() }, redirect: 'manual' });
    this.keep(res);
    return { status: res.status, text: await res.text(), headers: res.headers };
  }

  async post(path: string, fields: Record<string, string>): Promise<{ status: number; text: string; headers: Headers }> {
    const res = await fetch(this.srv.url + path, {
      method: 'POST',
      headers: { cookie: this.cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
    this.keep(res);
    return { status: res.status, text: await res.text(), headers: res.headers };
  }

  /** The CSRF token of the page at `path` (the hidden `_csrf` field). */
  async csrf(path = '/'): Promise<string> {
    const page = await this.get(path);
    const m = /name="_csrf" value="([^"]+)"/.exec(page.text);
    if (!m) throw new Error(`No CSRF field on ${path} (status ${page.status})`);
    return m[1];
  }

  /** Signs in with `key`; returns the sign-in response. */
  async signIn(key: string) {
    return this.post('/signin', { _csrf: await this.csrf('/'), key });
  }
}
