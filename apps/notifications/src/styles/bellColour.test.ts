import fs from 'node:fs';
import path from 'node:path';

/**
 * Issue 22: the bell was invisible on a dark header: drawn in the design's dark text colour whatever the header's.
 * jsdom computes no colours through shadow roots, so this reads the widget's sheet: the bell takes the host page's
 * text colour (the shadow root's base sheet resets it on :host; this sheet comes after it) or `--cw-bell-color`,
 * and the panel keeps the design's colours. The end-to-end screenshots show the result.
 */
const css = fs.readFileSync(path.join(__dirname, 'notifications.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

/** The declarations of the rule whose selector is exactly `selector` (the first one). */
function declarations(selector: string): Record<string, string> {
  const rule = [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].find((match) => match[1]!.trim() === selector);
  if (!rule) throw new Error(`no rule ${selector}`);
  return Object.fromEntries(
    rule[2]!
      .split(';')
      .map((part) => part.split(/:(.*)/s).map((item) => item.trim()))
      .filter(([name]) => name),
  );
}

describe('the bell’s colour', () => {
  it('is the employer’s --cw-bell-color, else the colour of the header it sits in', () => {
    expect(declarations(':host').color).toBe('inherit !important');
    expect(declarations('.cw-notif').color).toBeUndefined();
    expect(declarations('.cw-notif-bell').color).toBe('var(--cw-bell-color, currentColor)');
  });

  it('leaves the panel in the design’s colours, on its own surface', () => {
    expect(declarations('.cw-notif-panel')).toMatchObject({
      background: 'var(--_cw-color-surface)',
      color: 'var(--_cw-color-text)',
    });
  });
});
