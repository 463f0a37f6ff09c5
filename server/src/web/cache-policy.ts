import path from 'node:path';

/** Widget files whose names stay the same from build to build: browsers must revalidate them. */
const UNHASHED_WIDGET_FILES = new Set(['remoteEntry.js', 'manifest.json', 'root-config.js']);
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * Cache policy of a widget file: content-hashed names are immutable for a year; the entry points and the
 * manifest are revalidated on every use. The path may end in .br or .gz when a pre-compressed copy is sent.
 */
export function widgetCacheControl(filePath: string): string {
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
  return UNHASHED_WIDGET_FILES.has(name) ? REVALIDATE : IMMUTABLE;
}
