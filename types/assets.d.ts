/** Widget stylesheets are imported as text and placed into the widget's shadow root. */
declare module '*.css' {
  const css: string;
  export default css;
}

/** Set by webpack's DefinePlugin: the name of the bundle the code is compiled into. */
declare const __CAREERS_WIDGET__: string;

/**
 * Set by webpack's DefinePlugin: the version of the bundle's texts in other languages, served as files under
 * `locales/<version>/` beside it (scripts/lib/locale-assets.ts). Not defined under Jest, where the catalogues are
 * imported as modules.
 */
declare const __CAREERS_LOCALES__: string;

/** webpack's public path of the bundle the code runs in (`publicPath: 'auto'`: where its scripts were loaded from). */
declare const __webpack_public_path__: string;
