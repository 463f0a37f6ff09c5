import { useLayoutEffect, useState, type ComponentType } from 'react';
import { registerNamespace, useShadowRoot } from '@careers/shared';
import type { FormRendererProps } from '@careers/shared/forms';
import type { FormRendererProps as OwnRendererProps } from '../renderer/FormRenderer';
import en from '../../locales/en.json';
import { NAMESPACE } from '../forms/namespace';
import formsCss from '../../styles/forms.css';
import advancedFieldStyles from '../fields/advanced/advanced.css';

/*
 * The props other widgets see (@careers/shared/forms) are the renderer's own: this fails to compile when they part.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const samePropsAsRenderer: Same<FormRendererProps, OwnRendererProps> = true;
void samePropsAsRenderer;

/** Marks the toolkit's style elements in a root (one set per root). */
const STYLES_ATTRIBUTE = 'data-cw-styles';
const STYLES_NAME = 'forms-toolkit';

/** Where the toolkit's styles go: the consumer widget's shadow root, else (outside any widget) the document's head. */
type StyleRoot = ShadowRoot | Document;

const holderOf = (root: StyleRoot): ParentNode => ('head' in root ? root.head : root);

export function hasToolkitStyles(root: StyleRoot): boolean {
  return holderOf(root).querySelector(`style[${STYLES_ATTRIBUTE}="${STYLES_NAME}"]`) !== null;
}

/**
 * Puts the toolkit's style sheets into `root` once, as the widget shell puts a widget's own sheets into its shadow
 * root (style elements after the design system's): the forms widget's layout and field styles, every rule scoped by
 * its `cw-` classes, nothing that reaches outside the root.
 */
export function adoptToolkitStyles(root: StyleRoot): void {
  if (hasToolkitStyles(root)) return;
  const holder = holderOf(root);
  // After the sheets already there (the design system's, the consumer's own), before the content.
  const content =
    'head' in root ? null : (Array.from(root.children).find((child) => child.localName !== 'style') ?? null);
  for (const css of [formsCss, advancedFieldStyles]) {
    const style = document.createElement('style');
    style.setAttribute(STYLES_ATTRIBUTE, STYLES_NAME);
    style.textContent = css;
    holder.insertBefore(style, content);
  }
}

/** The forms widget's texts (the renderer's and the fields'), for a page where the forms widget may not be mounted. */
export function prepareToolkitTexts(): Promise<void> {
  return registerNamespace(
    NAMESPACE,
    en,
    (lng) => import(/* webpackChunkName: "forms-locale-[request]" */ `../../locales/${lng}.json`),
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
