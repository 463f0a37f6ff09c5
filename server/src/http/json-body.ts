import { errorCodes, type FastifyInstance } from 'fastify';
import { RequestValidationError } from './validation';

/** Where in a parsed JSON value a key that would reach an object's prototype sits, or null. */
function prototypeKeyPath(value: unknown): string[] | null {
  // Iterative: a body may nest deeply (the body limit bounds it, not the stack).
  const stack: Array<{ node: unknown; path: string[] }> = [{ node: value, path: [] }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (Object.prototype.hasOwnProperty.call(node, '__proto__')) return [...path, '__proto__'];
    const ctor = (node as { constructor?: unknown }).constructor;
    if (
      Object.prototype.hasOwnProperty.call(node, 'constructor') &&
      typeof ctor === 'object' &&
      ctor !== null &&
      Object.prototype.hasOwnProperty.call(ctor, 'prototype')
    ) {
      return [...path, 'constructor', 'prototype'];
    }
    for (const [key, child] of Object.entries(node)) stack.push({ node: child, path: [...path, key] });
  }
  return null;
}

/**
 * The JSON body parser. Like Fastify's own (empty body and malformed JSON answer its usual errors), but a key that
 * would reach an object's prototype (`__proto__`, or `constructor` holding `prototype`) is refused as a field, with
 * a 400 naming it, instead of being reported as malformed JSON: the JSON is valid, the field is not accepted.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    // A leading byte-order mark is tolerated, as Fastify's parser does.
    const text = (body as string).replace(/^\uFEFF/, '');
    if (text.length === 0) return done(new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY(), undefined);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), undefined);
    }
    if (text.includes('__proto__') || text.includes('constructor')) {
      const path = prototypeKeyPath(value);
      if (path) {
        const field = path.join('.');
        return done(new RequestValidationError(`body/${path.join('/')} is not an accepted field`, field, 'body'));
      }
    }
    return done(null, value);
  });
}
