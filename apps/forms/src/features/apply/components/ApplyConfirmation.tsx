import { useEffect, useRef } from 'react';
import { Button, useTranslation } from '@careers/shared';
import type { ApplyPosition } from '@careers/shared/contract';
import { NAMESPACE } from '../../forms/namespace';
import { ApplyPositions } from './ApplyPositions';

export interface ApplyConfirmationProps {
  positions: ApplyPosition[];
  /** Signed in: a link to the candidate's applications. */
  isLoggedIn: boolean;
  /** The job search and applications addresses (keeping the page's domain). */
  searchHref: string;
  applicationsHref: string;
}

/** After applying: says so (the heading takes the focus), the positions, and where to go next. */
export function ApplyConfirmation({ positions, isLoggedIn, searchHref, applicationsHref }: ApplyConfirmationProps) {
  const { t } = useTranslation(NAMESPACE);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section className="cw-forms cw-apply cw-apply--done" aria-labelledby="cw-apply-done-title">
      <h1 id="cw-apply-done-title" ref={heading} tabIndex={-1} className="cw-forms__title cw-apply__focus-target">
        {t('apply.done.title')}
      </h1>
      <p className="cw-apply__text">{t('apply.done.body', { count: positions.length })}</p>
      <ApplyPositions positions={positions} showApplied={false} />
      <div className="cw-apply__actions">
        {isLoggedIn && <Button href={applicationsHref}>{t('apply.seeApplications')}</Button>}
        <Button href={searchHref} variant={isLoggedIn ? 'secondary' : 'primary'}>
          {t('apply.backToSearch')}
        </Button>
      </div>
    </section>
  );
}
