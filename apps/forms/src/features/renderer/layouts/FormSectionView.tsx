import type { Ref } from 'react';
import type { FormSection } from '@careers/shared/contract';
import { useRenderer } from '../context';
import { FormField } from '../FieldFrame';
import { safeId } from '../dom';

/** The DOM id of a section's heading. */
export const sectionHeadingId = (prefix: string, section: FormSection) => `${prefix}-${safeId(section.id)}-title`;

interface FormSectionViewProps {
  section: FormSection;
  headingId: string;
  ref?: Ref<HTMLElement>;
}

/** One section: a `<section>` named by its heading, its description, and the questions that show. */
export function FormSectionView({ section, headingId, ref }: FormSectionViewProps) {
  const { visible } = useRenderer();
  return (
    <section ref={ref} className="cw-form-section" aria-labelledby={headingId} data-section={section.id}>
      <h2 id={headingId} className="cw-form-section__title">
        {section.title}
      </h2>
      {section.description && <p className="cw-form-section__description">{section.description}</p>}
      <div className="cw-form-section__items">
        {section.items
          .filter((item) => visible.has(item.name))
          .map((item) => (
            <FormField key={item.name} item={item} />
          ))}
      </div>
    </section>
  );
}
