import type { QueryParams } from '../contract/address';
import { networkError, readAnswer, requestHeaders, requestUrl } from './http';

/** How far an upload has got. */
export interface UploadProgress {
  /** Bytes sent so far. */
  loaded: number;
  /** Bytes to send in all (0 when the browser cannot tell). */
  total: number;
  /** `loaded / total` between 0 and 1 (0 when the total is unknown). */
  fraction: number;
}

export interface UploadOptions {
  /** Default POST. */
  method?: 'POST' | 'PUT' | 'PATCH';
  /** Query parameters, encoded like `request` does (the page's `debug` parameter is forwarded too). */
  query?: QueryParams;
  /** Called as the request body goes out, and with `fraction: 1` once it has all been sent. */
  onProgress?: (progress: UploadProgress) => void;
  /** Aborts the upload; the promise then rejects with an `AbortError` (a `DOMException`). */
  signal?: AbortSignal;
  /**
   * When true, a generic failure raises no page notice (the caller shows its own message); the page alerts
   * (session timed out, invalid CSRF, 429) are announced all the same. The error is thrown either way.
   */
  silent?: boolean;
}

function abortError(): DOMException {
  return new DOMException('The upload was aborted.', 'AbortError');
}

function absolute(url: string): string {
  try {
    return new URL(url, window.location.href).href;
  } catch {
    return url;
  }
}

/**
 * Sends a multipart form (`FormData`) with `XMLHttpRequest`, reporting upload progress (which `fetch` cannot).
 * Everything else is what {@link request} does, through the same code: the address (with `debug`), the CSRF,
 * user, group and time-zone headers, cookies (`withCredentials`), a fresh CSRF token taken from the answer,
 * session-end detection, JSON parsing and `ApiError`s with page notices. The browser sets the multipart
 * `content-type` with its boundary.
 *
 * @returns The parsed JSON answer (`undefined` for 204 or an empty body).
 * @throws {ApiError} On any failure, as `request` does (kind `network` when there is no answer).
 * @throws A `DOMException` named `AbortError` when `signal` aborts the upload.
 *
 * @example
 *   const form = new FormData();
 *   form.append('domain', domain);
 *   form.append('signed_offer_letter_pdf_file', file);
 *   await upload(`/api/offer/offers/${id}/accept`, form, { onProgress: (p) => setPercent(p.fraction * 100) });
 */
export function upload<T = unknown>(path: string, body: FormData, options: UploadOptions = {}): Promise<T> {
  const { method = 'POST', query, onProgress, signal, silent = false } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const url = requestUrl(path, query);
    const xhr = new XMLHttpRequest();
    let settled = false;

    const onAbortSignal = () => xhr.abort();
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbortSignal);
      outcome();
    };

    xhr.open(method, url, true);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(requestHeaders(method))) xhr.setRequestHeader(name, value);

    if (onProgress) {
      xhr.upload.addEventListener('progress', (event: ProgressEvent) => {
        const total = event.lengthComputable ? event.total : 0;
        onProgress({ loaded: event.loaded, total, fraction: total > 0 ? Math.min(1, event.loaded / total) : 0 });
      });
      xhr.upload.addEventListener('load', (event: ProgressEvent) => {
        const total = event.lengthComputable ? event.total : event.loaded;
        onProgress({ loaded: total, total, fraction: 1 });
      });
    }

    xhr.addEventListener('load', () =>
      finish(() => {
        const finalUrl = xhr.responseURL || '';
        try {
          resolve(
            readAnswer<T>(
              method,
              {
                status: xhr.status,
                url: finalUrl,
                redirected: finalUrl !== '' && finalUrl !== absolute(url),
                header: (name) => xhr.getResponseHeader(name),
                text: typeof xhr.responseText === 'string' ? xhr.responseText : '',
              },
              silent ? 'generic' : 'none',
            ),
          );
        } catch (error) {
          reject(error);
        }
      }),
    );
    const quiet = silent ? 'generic' : 'none';
    const noAnswer = (cause: string) => networkError(method, path, new Error(`Upload to ${path} ${cause}`), quiet);
    xhr.addEventListener('error', () => finish(() => reject(noAnswer('failed'))));
    xhr.addEventListener('timeout', () => finish(() => reject(noAnswer('timed out'))));
    xhr.addEventListener('abort', () => finish(() => reject(abortError())));
    signal?.addEventListener('abort', onAbortSignal);

    xhr.send(body);
  });
}
