import { useId } from 'react';
import { domId } from '@careers/shared';
import type { LayoutProps } from './types';
import { FormSectionView, sectionHeadingId } from './FormSectionView';

/** Simple form (docs/product/forms-toolkit.md#layouts): the sections stacked, then the actions. */
export function SimpleLayout({ sections, actions }: LayoutProps) {
  const prefix = domId('cw-form-section-', useId());
  return (
    <div className="cw-form-simple">
      {sections.map((section) => (
        <FormSectionView key={section.id} section={section} headingId={sectionHeadingId(prefix, section)} />
      ))}
      {actions && <div className="cw-form-actions">{actions}</div>}
    </div>
  );
}
