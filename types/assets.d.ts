/** Widget stylesheets are imported as text and placed into the widget's shadow root. */
declare module '*.css' {
  const css: string;
  export default css;
}

/** Set by webpack's DefinePlugin: the name of the bundle the code is compiled into. */
declare const __CAREERS_WIDGET__: string;
