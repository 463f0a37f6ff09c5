/** Test helper: a stand-in for XMLHttpRequest (the shared `upload` uses it for progress events). */
export class FakeXhr {
  static instances: FakeXhr[] = [];
  method = '';
  url = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  body: unknown = undefined;
  status = 0;
  responseText = '';
  responseURL = '';
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
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
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
    this.emit('abort');
  }
  emit(type: string, event: unknown = {}) {
    for (const l of this.listeners.get(type) ?? []) l(event);
  }
  progress(loaded: number, total: number) {
    for (const l of this.uploadListeners.get('progress') ?? []) l({ loaded, total, lengthComputable: true });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.responseURL = new URL(this.url, window.location.href).href;
    this.emit('load');
  }
  /** The form fields sent, as name → value (Files as their names). */
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

const realXhr = globalThis.XMLHttpRequest;

export function installFakeXhr(): { last(): FakeXhr; restore(): void; instances: () => FakeXhr[] } {
  FakeXhr.instances = [];
  (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
  return {
    last() {
      const xhr = FakeXhr.instances.at(-1);
      if (!xhr) throw new Error('no upload was sent');
      return xhr;
    },
    instances: () => FakeXhr.instances,
    restore() {
      (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = realXhr;
    },
  };
}
