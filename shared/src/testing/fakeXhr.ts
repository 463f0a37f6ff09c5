/**
 * A stand-in for XMLHttpRequest (the shared `upload` uses it for progress events): records what is sent and lets
 * the test answer, fail or report progress. Test-only: nothing in the product imports this folder.
 */
export class FakeXhr {
  static instances: FakeXhr[] = [];
  method = '';
  url = '';
  /** The `async` argument given to `open` (undefined when left out). */
  async: boolean | undefined = undefined;
  withCredentials = false;
  headers: Record<string, string> = {};
  body: unknown = undefined;
  status = 0;
  responseText = '';
  responseURL = '';
  aborted = false;
  private responseHeaders: Record<string, string> = {};
  private listeners = new Map<string, Array<(event: unknown) => void>>();
  private uploadListeners = new Map<string, Array<(event: unknown) => void>>();
  upload = {
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      this.uploadListeners.set(type, [...(this.uploadListeners.get(type) ?? []), listener]);
    },
  };

  constructor() {
    FakeXhr.instances.push(this);
  }
  open(method: string, url: string, async?: boolean) {
    this.method = method;
    this.url = url;
    this.async = async;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.emit('abort');
  }

  /* ----- test controls */
  emit(type: string, event: unknown = {}) {
    for (const l of this.listeners.get(type) ?? []) l(event);
  }
  progress(loaded: number, total: number) {
    for (const l of this.uploadListeners.get('progress') ?? []) l({ loaded, total, lengthComputable: true });
  }
  uploaded(total: number) {
    for (const l of this.uploadListeners.get('load') ?? []) l({ loaded: total, total, lengthComputable: true });
  }
  /** Answers: a string body is sent as is, anything else as JSON; `responseURL` defaults to the request's URL. */
  respond(status: number, body: unknown, headers: Record<string, string> = {}, responseURL?: string) {
    this.status = status;
    this.responseText = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    this.responseHeaders = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    this.responseURL = responseURL ?? new URL(this.url, window.location.href).href;
    this.emit('load');
  }
  /** The form fields sent, as name → value (Files as `file:<name>`). */
  formFields(): Record<string, string> {
    const out: Record<string, string> = {};
    if (this.body instanceof FormData) {
      this.body.forEach((value, key) => {
        out[key] = typeof value === 'string' ? value : `file:${(value as File).name}`;
      });
    }
    return out;
  }
}

export interface InstalledFakeXhr {
  /** The last request made; throws when there is none. */
  last(): FakeXhr;
  instances(): FakeXhr[];
  /** Puts the real XMLHttpRequest back. */
  restore(): void;
}

const realXhr = globalThis.XMLHttpRequest;

/** Installs `FakeXhr` as the global XMLHttpRequest, with no requests made yet. */
export function installFakeXhr(): InstalledFakeXhr {
  FakeXhr.instances = [];
  (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
  return {
    last() {
      const xhr = FakeXhr.instances.at(-1);
      if (!xhr) throw new Error('no XMLHttpRequest was made');
      return xhr;
    },
    instances: () => FakeXhr.instances,
    restore() {
      (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = realXhr;
    },
  };
}
