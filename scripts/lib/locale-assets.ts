/**
 * The widgets' texts in each language but English as plain JSON files beside each bundle
 * (docs/product/languages.md#catalogues): `locales/<version>/<catalogue>/<tag>.json`. A page fetches the one file of
 * its language for each catalogue it uses. Not webpack chunks on purpose: every chunk adds its id, name and hash to
 * the bundle's runtime, which every page downloads first; 41 languages of each catalogue made every page's first load
 * grow for English readers too. `<version>` is a hash of the texts, so the files can be cached for good.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import webpack from 'webpack';

/** The shared catalogues every widget may load (the shared library is compiled into each bundle). */
const SHARED_CATALOGUES: Record<string, string> = {
  common: 'shared/src/i18n/locales',
  auth: 'shared/src/auth/locales',
  formRules: 'shared/src/contract/form-rules/locales',
};

/** The catalogues of one bundle: its own (by the widget's name) when it has one, and the shared ones. */
function catalogueDirs(root: string, widget: string): Record<string, string> {
  const own = path.join('apps', widget, 'src/locales');
  return {
    ...(fs.existsSync(path.join(root, own)) ? { [widget]: own } : {}),
    ...SHARED_CATALOGUES,
  };
}

/** Every non-English file of the bundle's catalogues: catalogue, tag, text. */
function localeFiles(root: string, widget: string): Array<{ catalogue: string; tag: string; file: string }> {
  return Object.entries(catalogueDirs(root, widget)).flatMap(([catalogue, dir]) =>
    fs
      .readdirSync(path.join(root, dir))
      .filter((name) => name.endsWith('.json') && name !== 'en.json')
      .sort()
      .map((name) => ({ catalogue, tag: name.slice(0, -'.json'.length), file: path.join(root, dir, name) })),
  );
}

/** The version of a bundle's texts: a hash of every file's name and content. */
export function localesVersion(root: string, widget: string): string {
  const hash = crypto.createHash('sha256');
  for (const { catalogue, tag, file } of localeFiles(root, widget)) {
    hash.update(`${catalogue}/${tag}\n`);
    hash.update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 10);
}

/** Emits the bundle's texts, minified, under `locales/<version>/`. */
export class LocaleAssetsPlugin {
  constructor(
    private readonly root: string,
    private readonly widget: string,
    private readonly version: string,
  ) {}

  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('LocaleAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'LocaleAssetsPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const { catalogue, tag, file } of localeFiles(this.root, this.widget)) {
            compilation.fileDependencies.add(file);
            const text = JSON.stringify(JSON.parse(fs.readFileSync(file, 'utf8')));
            compilation.emitAsset(
              `locales/${this.version}/${catalogue}/${tag}.json`,
              new webpack.sources.RawSource(text),
            );
          }
        },
      );
    });
  }
}
