import { useId, type ReactNode } from 'react';
import { domId } from '@careers/shared';

/** One section of the catalogue: a heading (h2) and its examples. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = domId('cw-catalogue-section-', useId());
  return (
    <section className="cw-catalogue-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="cw-catalogue-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A row of examples under a small heading (h3). */
export function Row({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="cw-catalogue-row">
      <h3 className="cw-catalogue-row__title">{title}</h3>
      <div className="cw-catalogue-row__items">{children}</div>
    </div>
  );
}

/** Shows its content as if focused by keyboard (the focus ring, drawn statically). */
export function ForcedFocus({ children }: { children: ReactNode }) {
  return (
    <span className="cw-catalogue-forced-focus" data-forced-focus="">
      {children}
    </span>
  );
}
