import { Button, selectBoot, useAppDispatch, useAppSelector, useTranslation } from '@careers/shared';
import { NAMESPACE } from '../namespace';
import { introClosed, selectIntroClosed } from '../slice';

/** The dashboard page: its heading and an introduction the candidate can close. */
export function DashboardPage() {
  const { t } = useTranslation(NAMESPACE);
  const dispatch = useAppDispatch();
  const closed = useAppSelector(selectIntroClosed);
  const firstName = useAppSelector((state) => selectBoot(state)?.profile?.firstname ?? '');
  return (
    <section className="cw-dashboard" aria-labelledby="cw-dashboard-title">
      <h1 id="cw-dashboard-title" className="cw-dashboard__title">
        {t('page.title')}
      </h1>
      {!closed && (
        <div className="cw-dashboard__intro">
          <p>{firstName ? t('page.greeting', { name: firstName }) : t('page.greetingAnonymous')}</p>
          <Button variant="secondary" onClick={() => dispatch(introClosed(true))}>
            {t('page.closeIntro')}
          </Button>
        </div>
      )}
    </section>
  );
}
