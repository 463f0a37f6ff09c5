/** Small, unstyled, accessible UI primitives shared by the widgets (class names use the `cw-` prefix). */
export { BREAKPOINTS, MEDIA_QUERIES, breakpointForWidth, minWidthQuery, maxWidthQuery, type Breakpoint } from './breakpoints';
export { useMediaQuery } from './useMediaQuery';
export { VisuallyHidden, type VisuallyHiddenProps } from './VisuallyHidden';
export { getActiveElement, getTabbableElements, focusElement } from './focus';
export { useRovingTabs, Tabs, type UseRovingTabsOptions, type RovingTabs, type TabItem, type TabsProps } from './Tabs';
export { useFocusTrap, type FocusTrapOptions } from './useFocusTrap';
export { useDismiss, type DismissOptions, type DismissReason } from './useDismiss';
export { Dialog, type DialogProps } from './Dialog';
