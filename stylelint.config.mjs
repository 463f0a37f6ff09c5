/**
 * The widgets' CSS mirrors for right-to-left languages by `dir` alone, so it names sides by the writing direction
 * (logical properties: `margin-inline-start`, `inset-inline-end`, `text-align: start`), never left or right
 * (docs/product/languages.md#right-to-left). The employer's demo page (host-demo) is the employer's own.
 * Run: npx stylelint "apps/**\/*.css" "shared/**\/*.css"
 */
const PHYSICAL = 'names a physical side: use the logical property (docs/product/languages.md#right-to-left)';

export default {
  ignoreFiles: ['**/node_modules/**', '**/dist/**', 'host-demo/**', 'reports/**', 'test-results/**'],
  rules: {
    'property-disallowed-list': [
      [
        'left',
        'right',
        '/^(margin|padding|border|scroll-margin|scroll-padding)-(left|right)(-.*)?$/',
        '/^border-(top|bottom)-(left|right)-radius$/',
      ],
      { message: (property) => `"${property}" ${PHYSICAL}` },
    ],
    'declaration-property-value-disallowed-list': [
      {
        'text-align': ['left', 'right'],
        float: ['left', 'right'],
        clear: ['left', 'right'],
        // Four values whose second (right) and fourth (left) differ: write -block and -inline instead.
        '/^(margin|padding|inset|scroll-margin|scroll-padding)$/': ['/^\\S+\\s+(\\S+)\\s+\\S+\\s+(?!\\1$)\\S+$/'],
        // Corners that differ are physical corners: write border-start-start-radius and its kin.
        'border-radius': ['/^(\\S+)\\s+(?!\\1(\\s|$))\\S+/'],
      },
      { message: (property, value) => `"${property}: ${value}" ${PHYSICAL}` },
    ],
  },
};
