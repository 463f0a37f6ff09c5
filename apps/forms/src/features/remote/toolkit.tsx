import { useLayoutEffect, useState, type ComponentType } from 'react';
import { adoptStyles, hasAdoptedStyles, registerNamespace, useShadowRoot, fetchLocale } from '@careers/shared';
import type { FormRendererProps } from '@careers/shared/forms';
import en from '../../locales/en.json';
import { NAMESPACE } from '../forms/namespace';
import formsCss from '../../styles/forms.css';
import advancedFieldStyles from '../fields/advanced/advanced.css';

/** Marks the toolkit's sheets in a root (one set per root). */
const STYLES_ATTRIBUTE = 'data-cw-styles';
const STYLES_NAME = 'forms-toolkit';
const TOOLKIT_STYLES: readonly string[] = [formsCss, advancedFieldStyles];

/** Where the toolkit's styles go: the consumer widget's shadow root, else (outside any widget) the document's head. */
type StyleRoot = ShadowRoot | Document;

const isDocument = (root: StyleRoot): root is Document => 'head' in root;

export function hasToolkitStyles(root: StyleRoot): boolean {
  if (isDocument(root)) return root.head.querySelector(`style[${STYLES_ATTRIBUTE}="${STYLES_NAME}"]`) !== null;
  return hasAdoptedStyles(root, TOOLKIT_STYLES, STYLES_NAME);
}

/**
 * Puts the toolkit's style sheets into `root` once, after the sheets already there (the design system's, the
 * consumer's own), as the widget shell holds a widget's own sheets (adopted constructed sheets, or style elements):
 * the forms widget's layout and field styles, every rule scoped by its `cw-` classes, nothing that reaches outside
 * the root.
 */
export function adoptToolkitStyles(root: StyleRoot): void {
  if (hasToolkitStyles(root)) return;
  if (!isDocument(root)) {
    adoptStyles(root, TOOLKIT_STYLES, STYLES_NAME);
    return;
  }
  for (const css of TOOLKIT_STYLES) {
    const style = document.createElement('style');
    style.setAttribute(STYLES_ATTRIBUTE, STYLES_NAME);
    style.textContent = css;
    root.head.appendChild(style);
  }
}

/** The forms widget's texts (the renderer's and the fields'), for a page where the forms widget may not be mounted. */
export function prepareToolkitTexts(): Promise<void> {
  return registerNamespace(NAMESPACE, en, (lng) =>
    typeof __CAREERS_LOCALES__ === 'string'
      ? fetchLocale(new URL(`locales/${__CAREERS_LOCALES__}/forms/${lng}.json`, __webpack_public_path__))
      : import(`../../locales/${lng}.json`),
  );
}

/**
 * The renderer as other widgets get it: it draws once the toolkit's styles are in the shadow root it renders in
 * (before the first paint, and before the renderer measures anything).
 */
export function withToolkitStyles(Renderer: ComponentType<FormRendererProps>): ComponentType<FormRendererProps> {
  function RemoteFormRenderer(props: FormRendererProps) {
    const shadowRoot = useShadowRoot();
    const root: StyleRoot = shadowRoot ?? document;
    const [styledRoot, setStyledRoot] = useState<StyleRoot | null>(() => (hasToolkitStyles(root) ? root : null));
    useLayoutEffect(() => {
      adoptToolkitStyles(root);
      setStyledRoot(root);
    }, [root]);
    return styledRoot === root ? <Renderer {...props} /> : null;
  }
  return RemoteFormRenderer;
}
