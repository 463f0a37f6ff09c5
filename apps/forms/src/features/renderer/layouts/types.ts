import type { ReactNode } from 'react';
import type { FormDefinition, FormSection } from '@careers/shared/contract';

/** What a form layout gets: the form, its sections, and the actions (submit and the caller's footer). */
export interface LayoutProps {
  form: FormDefinition;
  sections: FormSection[];
  actions: ReactNode;
}
