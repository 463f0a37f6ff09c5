// CSS Modules in tests: class names are returned as written (styles.bell === 'bell'), and the default export
// is the style text the widget would put into its shadow root (empty in tests).
module.exports = new Proxy(
  {},
  {
    get(_target, key) {
      if (key === '__esModule') return true;
      if (key === 'default') return '';
      return key;
    },
  },
);
