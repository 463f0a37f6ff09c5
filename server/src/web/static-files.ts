import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config';
import { widgetCacheControl } from './cache-policy';

/** Cacheable files that may be compressed on the fly must say that their body depends on Accept-Encoding. */
const varyOnEncoding = (reply: FastifyReply) => {
  reply.header('vary', 'accept-encoding');
};

/** Static files: widgets (pre-compressed, long-cached when hashed), host page assets and the server's own assets. */
export async function registerStaticFiles(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifyStatic, {
    root: path.join(config.distDir, 'widgets'),
    prefix: '/widgets/',
    preCompressed: true,
    cacheControl: false,
    index: false,
    list: false,
    setHeaders: (reply, filePath) => {
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
