import type { ReactNode } from 'react';
import { ErrorMessage } from '@careers/shared';

interface FormErrorMessageProps {
  id: string;
  /** `alert` for an error that appears without a focus move (a file that could not be read). */
  role?: 'alert';
  children: ReactNode;
}

/**
 * An error of the toolkit's forms: the design system's error text, with its "!" mark drawn by an element hidden
 * from assistive technology. The design system draws the mark as CSS generated content (`::before`), which browsers
 * read into the text of the error, and so into the control's description ("! First name is required"); the
 * toolkit's stylesheet switches that off for these errors (`.cw-form-error`) and styles this element instead.
 */
export function FormErrorMessage({ id, role, children }: FormErrorMessageProps) {
  return (
    <ErrorMessage id={id} role={role} className="cw-form-error">
      <span className="cw-form-error__mark" aria-hidden="true">
        !
      </span>
      <span>{children}</span>
    </ErrorMessage>
  );
}
