/** The careers design system's components and the accessible UI primitives under them (class names use `cw-`). */
export {
  BREAKPOINTS,
  MEDIA_QUERIES,
  breakpointForWidth,
  minWidthQuery,
  maxWidthQuery,
  type Breakpoint,
} from './breakpoints';
export { useMediaQuery } from './useMediaQuery';
export { VisuallyHidden, type VisuallyHiddenProps } from './VisuallyHidden';
export { getActiveElement, getTabbableElements, focusElement } from './focus';
export { useRovingTabs, Tabs, type UseRovingTabsOptions, type RovingTabs, type TabItem, type TabsProps } from './Tabs';
export { useFocusTrap, type FocusTrapOptions } from './useFocusTrap';
export { useDismiss, type DismissOptions, type DismissReason } from './useDismiss';
export { Dialog, DialogBackdrop, type DialogProps, type DialogSize } from './Dialog';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { cx, domId } from './classNames';
export {
  Button,
  type ButtonProps,
  type ButtonAsButtonProps,
  type ButtonAsLinkProps,
  type ButtonVariant,
  type ButtonSize,
} from './Button';
export { IconButton, CloseIcon, type IconButtonProps } from './IconButton';
export {
  Field,
  CheckboxField,
  ErrorMessage,
  Input,
  Select,
  Textarea,
  type FieldProps,
  type FieldControlProps,
  type CheckboxFieldProps,
  type ErrorMessageProps,
  type InputProps,
  type SelectProps,
  type TextareaProps,
} from './Field';
export { Spinner, LoadingState, type SpinnerProps, type SpinnerSize, type LoadingStateProps } from './Spinner';
export {
  Skeleton,
  Card,
  Tag,
  StatusLabel,
  EmptyState,
  ErrorState,
  type Tone,
  type SkeletonProps,
  type CardProps,
  type TagProps,
  type StatusLabelProps,
  type EmptyStateProps,
  type ErrorStateProps,
} from './Display';
export { Icon, type IconProps } from './Icon';
export { useScrollable } from './useScrollable';
export { ICON_PATHS, type IconName } from './icons';
export { MenuButton, type MenuButtonProps, type MenuItem, type MenuLinkItem, type MenuActionItem } from './Menu';
export { Combobox, type ComboboxOption, type ComboboxProps } from './Combobox';
export { ProgressBar, type ProgressBarProps } from './ProgressBar';
export { StarRating, type StarRatingProps } from './StarRating';
export { ReadMore, type ReadMoreProps } from './ReadMore';
