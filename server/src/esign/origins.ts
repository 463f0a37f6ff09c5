import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

type OriginConfig = Pick<Config, 'publicOrigins' | 'esignPort' | 'esignPublicUrl'>;

/** The origin of an http(s) address, or null when it is not one. */
export function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The careers origin a request was made on, when it is one the site is served from (PUBLIC_ORIGINS);
 * otherwise the first configured origin (so a forged Host header never reaches a link).
 */
export function careersOriginOf(request: FastifyRequest, config: OriginConfig): string {
  const origin = originOf(`${request.protocol}://${request.host}`);
  return origin !== null && config.publicOrigins.includes(origin) ? origin : config.publicOrigins[0]!;
}

/** Public base address of the e-sign server for pages served on `careersOrigin`: same host name, ESIGN_PORT. */
export function esignBaseUrl(careersOrigin: string, config: OriginConfig): string {
  if (config.esignPublicUrl) return config.esignPublicUrl;
  const url = new URL(careersOrigin);
  return `${url.protocol}//${url.hostname}:${config.esignPort}`;
}

/** Every origin the e-sign server can be reached at from the careers pages (the host page's frame-src). */
export function esignOrigins(config: OriginConfig): string[] {
  return [...new Set(config.publicOrigins.map((origin) => new URL(esignBaseUrl(origin, config)).origin))];
}

/** Fragment parameter of the signing link that carries the session's signer key. */
const SIGNER_KEY_PARAM = 'key';

/**
 * The signing page of one session, telling it which careers origin frames it (and, when given, the page's
 * language). The signer key is in the fragment: a browser never sends it in a request (so no server or proxy logs
 * it); the page's script reads it.
 */
export function esignSessionUrl(
  baseUrl: string,
  token: string,
  parentOrigin: string,
  signerKey: string | null,
  language?: string,
): string {
  const hl = language ? `&hl=${encodeURIComponent(language)}` : '';
  const page = `${baseUrl}/esign/sessions/${encodeURIComponent(token)}?parent=${encodeURIComponent(parentOrigin)}${hl}`;
  return signerKey === null ? page : `${page}#${SIGNER_KEY_PARAM}=${encodeURIComponent(signerKey)}`;
}
