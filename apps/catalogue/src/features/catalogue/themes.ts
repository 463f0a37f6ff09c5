/**
 * Preset themes: values for the documented theme properties (shared/src/design/tokens.css), set on the widget's
 * host element as an employer would set them on :root. Default sets none (the tokens' defaults apply).
 */
export type ThemeName = 'default' | 'acmeDark' | 'highContrast';

export const THEME_NAMES: readonly ThemeName[] = ['default', 'acmeDark', 'highContrast'];

const THEMES: Record<ThemeName, Readonly<Record<string, string>>> = {
  default: {},
  acmeDark: {
    '--cw-color-primary': '#8ab4f8',
    '--cw-color-primary-hover': '#aecbfa',
    '--cw-color-primary-soft': '#1f2a3d',
    '--cw-color-primary-contrast': '#0b1a33',
    '--cw-color-focus': '#f9ab00',
    '--cw-color-text': '#e6edf3',
    '--cw-color-muted': '#a8b3bf',
    '--cw-color-border': '#3d444d',
    '--cw-color-border-strong': '#8b949e',
    '--cw-color-surface': '#161b22',
    '--cw-color-surface-muted': '#21262d',
    '--cw-color-backdrop': 'rgba(0, 0, 0, 0.7)',
    '--cw-color-danger': '#ff8a80',
    '--cw-color-danger-soft': '#3d1f1f',
    '--cw-color-danger-contrast': '#1a0000',
    '--cw-color-success': '#7ee2a8',
    '--cw-color-success-soft': '#12301f',
    '--cw-color-warning': '#f2cc60',
    '--cw-color-warning-soft': '#3a2e0a',
    '--cw-color-info': '#8ab4f8',
    '--cw-color-info-soft': '#1f2a3d',
    '--cw-color-teal': '#6fdcd0',
    '--cw-color-teal-soft': '#0f2f2c',
    '--cw-color-violet': '#c9a7ff',
    '--cw-color-violet-soft': '#2a1f45',
    '--cw-font-family': "Georgia, 'Times New Roman', serif",
    '--cw-radius': '10px',
    '--cw-radius-lg': '16px',
  },
  highContrast: {
    '--cw-color-primary': '#000000',
    '--cw-color-primary-hover': '#333333',
    '--cw-color-primary-soft': '#e6e6e6',
    '--cw-color-primary-contrast': '#ffffff',
    '--cw-color-focus': '#c00000',
    '--cw-color-text': '#000000',
    '--cw-color-muted': '#333333',
    '--cw-color-border': '#000000',
    '--cw-color-border-strong': '#000000',
    '--cw-color-surface': '#ffffff',
    '--cw-color-surface-muted': '#f2f2f2',
    '--cw-color-danger': '#a00000',
    '--cw-color-danger-soft': '#fff0f0',
    '--cw-color-success': '#005a1f',
    '--cw-color-warning': '#5c3b00',
    '--cw-color-info': '#002f8a',
    '--cw-font-size': '18px',
    '--cw-radius': '0px',
    '--cw-radius-lg': '0px',
  },
};

/** Every property any preset sets (cleared before another preset is applied). */
const ALL_PROPERTIES = [...new Set(Object.values(THEMES).flatMap((theme) => Object.keys(theme)))];

/** Applies a preset to the host element: clears every preset property, then sets the chosen ones. */
export function applyTheme(host: HTMLElement, name: ThemeName): void {
  for (const property of ALL_PROPERTIES) host.style.removeProperty(property);
  for (const [property, value] of Object.entries(THEMES[name])) host.style.setProperty(property, value);
}
