import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config';
import { widgetCacheControl } from './cache-policy';

/**
 * Any page may load these files (the employer's careers page is on its own origin; webpack loads some chunks with
 * `crossorigin`, and the manifest is read with `fetch`): `*`, never with credentials, as the files are the same for
 * everyone (docs/product/routes-and-access.md#allowed-origins-and-cors).
 */
const anyOrigin = (reply: FastifyReply) => {
  reply.header('access-control-allow-origin', '*');
};

/** Cacheable files that may be compressed on the fly must say that their body depends on Accept-Encoding. */
const varyOnEncoding = (reply: FastifyReply) => {
  anyOrigin(reply);
  reply.header('vary', 'accept-encoding');
};

/**
 * Static files: widgets (pre-compressed, long-cached when hashed), host page assets and the server's own assets, each
 * readable from any origin.
 */
export async function registerStaticFiles(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifyStatic, {
    root: path.join(config.distDir, 'widgets'),
    prefix: '/widgets/',
    preCompressed: true,
    cacheControl: false,
    index: false,
    list: false,
    setHeaders: (reply, filePath) => {
      anyOrigin(reply);
      reply.header('cache-control', widgetCacheControl(filePath));
    },
  });

  await app.register(fastifyStatic, {
    root: config.hostDemoDir,
    prefix: '/host-demo/',
    decorateReply: false,
    index: false,
    list: false,
    maxAge: '5m',
    setHeaders: varyOnEncoding,
    // index.html is the host page template; it is only ever served filled in, under /careers.
    allowedPath: (pathName) => path.posix.basename(pathName) !== 'index.html',
  });

  await app.register(fastifyStatic, {
    root: path.join(__dirname, 'assets'),
    prefix: '/server-assets/',
    decorateReply: false,
    index: false,
    list: false,
    maxAge: '1h',
    setHeaders: varyOnEncoding,
  });
}
