/**
 * One webpack configuration per federated bundle. `npm run build` builds them all; `npm run build:widget -- <name>`
 * (webpack --env widget=<name>) rebuilds one widget alone, which can then be deployed without touching the others.
 *
 * Output: dist/widgets/<name>/ with a stable, uncached entry (remoteEntry.js, or root-config.js for the root) and
 * content-hashed chunks that may be cached for a year. Every file is also written pre-compressed (.br and .gz).
 */
import path from 'node:path';
import fs from 'node:fs';
import zlib from 'node:zlib';
import webpack, { type Configuration } from 'webpack';
import CompressionPlugin from 'compression-webpack-plugin';
import { manifestFor, readRegistry } from './apps/root-config/registry';
import { pagePreloads } from './scripts/lib/first-load';
import { LocaleAssetsPlugin, localesVersion } from './scripts/lib/locale-assets';

const { ModuleFederationPlugin } = webpack.container;
const root = __dirname;
const rootPkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
const sharedPkg = JSON.parse(fs.readFileSync(path.join(root, 'shared/package.json'), 'utf8')) as { version: string };

/**
 * The run-time singletons: the page holds exactly one copy of each, however many widgets are mounted. A shared
 * module is built whole (its consumers are not known at build time), so only packages that widgets use directly and
 * that must be one instance per page are shared here.
 */
export const sharedSingletons = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'formik',
  'yup',
  'dompurify',
  '@careers/shared',
] as const;

/**
 * Packages that live inside @careers/shared (one instance per page because @careers/shared is one): widgets import
 * what they use through @careers/shared (eslint.config.mjs refuses a direct import), so they are tree-shaken to
 * what is used instead of shipped whole. See docs/decisions/006-libraries-inside-shared.md.
 */
export const insideShared = ['react-redux', '@reduxjs/toolkit', 'i18next', 'react-i18next', 'react-toastify'] as const;

function packageOf(request: string): string {
  const parts = request.split('/');
  return request.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] as string);
}

function sharedConfig() {
  return Object.fromEntries(
    sharedSingletons.map((request) => {
      if (request === '@careers/shared') {
        return [request, { singleton: true, requiredVersion: `^${sharedPkg.version}`, version: sharedPkg.version }];
      }
      const range = rootPkg.dependencies[packageOf(request)];
      if (!range) throw new Error(`${request} is shared but ${packageOf(request)} is not a dependency`);
      return [request, { singleton: true, requiredVersion: range }];
    }),
  );
}

interface AppSpec {
  /** Folder under apps/ and under dist/widgets/. */
  name: string;
  /** Module Federation container name (a JS identifier, also the global the remote entry defines). */
  scope: string;
  /** Exposed modules (remotes) or undefined for the root config (the host). */
  exposes?: Record<string, string>;
}

/** Every bundle, from the one widget registry (apps/root-config/widgets.json): the root config, then the widgets. */
const registry = readRegistry();
export const apps: AppSpec[] = [
  { name: registry.root.name, scope: registry.root.scope },
  ...registry.widgets.map(({ name, scope, exposes }) => ({ name, scope, exposes })),
];

function configFor(app: AppSpec, mode: 'production' | 'development'): Configuration {
  const appDir = path.join(root, 'apps', app.name);
  const isHost = !app.exposes;
  const outDir = path.join(root, 'dist/widgets', app.name);
  return {
    name: app.name,
    mode,
    context: appDir,
    entry: isHost ? { 'root-config': './src/index.ts' } : {},
    // Development builds (npm run dev) must run under the host page's CSP (script-src 'self', no 'unsafe-eval'):
    // no eval-based source maps.
    devtool: mode === 'production' ? 'source-map' : 'cheap-module-source-map',
    output: {
      path: outDir,
      publicPath: 'auto',
      uniqueName: app.scope,
      filename: isHost ? '[name].js' : '[name].[contenthash:10].js',
      chunkFilename: '[name].[contenthash:10].js',
      assetModuleFilename: '[name].[contenthash:10][ext]',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.json'] },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'esbuild-loader',
          options: { target: 'es2020', jsx: 'automatic' },
        },
        {
          // Widget styles are strings put into the widget's own shadow root: they never reach the host page,
          // and the host page's rules never reach the widget. Class names also carry a cw- prefix.
          // esbuild minifies each sheet first (comments and white space out); css-loader gets no source map, which it
          // would otherwise put in the string a second time (sourcesContent) in every production chunk.
          test: /\.css$/,
          use: [
            {
              loader: 'css-loader',
              options: { exportType: 'string', esModule: true, modules: false, sourceMap: false },
            },
            ...(mode === 'production' ? [{ loader: 'esbuild-loader', options: { minify: true } }] : []),
          ],
        },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: app.scope,
        filename: 'remoteEntry.js',
        exposes: app.exposes,
        shared: sharedConfig(),
      }),
      new webpack.DefinePlugin({
        __CAREERS_WIDGET__: JSON.stringify(app.name),
        // Where this bundle's texts in other languages are (scripts/lib/locale-assets.ts).
        __CAREERS_LOCALES__: JSON.stringify(localesVersion(root, app.name)),
      }),
      new LocaleAssetsPlugin(root, app.name, localesVersion(root, app.name)),
      new StatsFilePlugin(path.join(root, 'dist/stats', `${app.name}.json`)),
      new PagePreloadsPlugin(path.join(root, 'dist/widgets/preloads.json'), mode),
      ...(isHost ? [new ManifestPlugin(path.join(root, 'dist/widgets/manifest.json'))] : []),
      ...(mode === 'production'
        ? [
            new CompressionPlugin({
              filename: '[path][base].gz',
              algorithm: 'gzip',
              test: /\.(m?js|css|json|map|svg)$/,
              threshold: 0,
              minRatio: 1,
            }),
            new CompressionPlugin({
              filename: '[path][base].br',
              algorithm: 'brotliCompress',
              test: /\.(m?js|css|json|map|svg)$/,
              compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } } as zlib.ZlibOptions,
              threshold: 0,
              minRatio: 1,
            }),
          ]
        : []),
    ],
    optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/** Writes the deployment manifest, derived from the registry (and its compressed forms); it is served uncached. */
class ManifestPlugin {
  constructor(private readonly to: string) {}
  apply(compiler: webpack.Compiler) {
    compiler.hooks.afterEmit.tap('ManifestPlugin', () => {
      const text = `${JSON.stringify(manifestFor(readRegistry()), null, 2)}\n`;
      fs.mkdirSync(path.dirname(this.to), { recursive: true });
      fs.writeFileSync(this.to, text);
      fs.writeFileSync(`${this.to}.gz`, zlib.gzipSync(text));
      fs.writeFileSync(`${this.to}.br`, zlib.brotliCompressSync(text));
    });
  }
}

/**
 * Writes dist/widgets/preloads.json after each bundle is built: for every route, the scripts its page loads at
 * start, replayed from the build's stats (scripts/lib/first-load.ts); the careers server turns them into
 * `<link rel="preload">` so they download in parallel with the root config. The last bundle to finish writes the
 * complete list. A development build (no content hashes, no federation tables to read) writes none.
 */
class PagePreloadsPlugin {
  constructor(
    private readonly file: string,
    private readonly mode: 'production' | 'development',
  ) {}
  apply(compiler: webpack.Compiler) {
    compiler.hooks.done.tap('PagePreloadsPlugin', () => {
      if (this.mode !== 'production') {
        fs.rmSync(this.file, { force: true });
        return;
      }
      try {
        fs.writeFileSync(this.file, `${JSON.stringify(pagePreloads(root, readRegistry()))}\n`);
      } catch (error) {
        // No stale list may survive (it would preload files that are gone): pages then preload nothing. Until the
        // last bundle of a build finishes, the others' stats may be missing; anything else is worth a word.
        fs.rmSync(this.file, { force: true });
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
          console.warn(`[careers] page preloads not written: ${(error as Error).message}`);
        }
      }
    });
  }
}

/** Writes the chunk graph the size report reads (dist/stats/<name>.json; not deployed). */
class StatsFilePlugin {
  constructor(private readonly file: string) {}
  apply(compiler: webpack.Compiler) {
    compiler.hooks.done.tap('StatsFilePlugin', (stats) => {
      const json = stats.toJson({
        all: false,
        assets: true,
        chunks: true,
        chunkModules: true,
        chunkOrigins: true,
        // A view's chunk group: every chunk its import() loads (webpack splits modules two views share into chunks
        // of their own, without the view's name).
        chunkGroups: true,
        ids: true,
        entrypoints: true,
      });
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      fs.writeFileSync(this.file, JSON.stringify(json));
    });
  }
}

export default (env: Record<string, string | boolean> = {}, argv: { mode?: string } = {}): Configuration[] => {
  const mode = argv.mode === 'development' ? 'development' : 'production';
  const only = typeof env.widget === 'string' ? env.widget : undefined;
  const chosen = only ? apps.filter((a) => a.name === only) : apps;
  if (chosen.length === 0) throw new Error(`Unknown widget "${only}". Known: ${apps.map((a) => a.name).join(', ')}`);
  return chosen.map((a) => configFor(a, mode));
};
