import { useId, useRef, useState } from 'react';
import { useTranslation, Button, Dialog, DialogBackdrop, domId, MenuButton, notify, Tabs } from '@careers/shared';
import { NAMESPACE } from '../namespace';
import { Row, Section } from './Section';

type ExampleTab = 'all' | 'action';

/** Dialog (opened on demand), the menu button (actions and a link), Tabs, and the four kinds of toast. */
export function OverlaysSection() {
  const { t } = useTranslation(NAMESPACE);
  const titleId = domId('cw-catalogue-dialog-', useId());
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<ExampleTab>('all');
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Section title={t('overlays.title')}>
      <Row title={t('overlays.openDialog')}>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {t('overlays.openDialog')}
        </Button>
      </Row>
      {open && (
        <DialogBackdrop>
          <Dialog labelledBy={titleId} initialFocusRef={cancelRef} onClose={() => setOpen(false)}>
            <h2 id={titleId} className="cw-dialog__title">
              {t('overlays.dialogTitle')}
            </h2>
            <p className="cw-catalogue-dialog__text">{t('overlays.dialogBody')}</p>
            <div className="cw-dialog__actions">
              <Button ref={cancelRef} variant="secondary" onClick={() => setOpen(false)}>
                {t('overlays.dialogCancel')}
              </Button>
              <Button variant="disruptive" onClick={() => setOpen(false)}>
                {t('overlays.dialogConfirm')}
              </Button>
            </div>
          </Dialog>
        </DialogBackdrop>
      )}
      <Row title={t('overlays.menu')}>
        <MenuButton
          label={t('overlays.menuLabel')}
          align="start"
          items={[
            { label: t('overlays.menuDuplicate'), onSelect: () => notify.success(t('overlays.menuDuplicated')) },
            { label: t('overlays.menuSite'), href: 'https://example.com/', external: true },
            { label: t('overlays.menuDelete'), tone: 'danger', onSelect: () => notify.info(t('overlays.menuDeleted')) },
          ]}
        />
      </Row>
      <Tabs<ExampleTab>
        items={[
          { value: 'all', label: t('overlays.tabAll') },
          { value: 'action', label: t('overlays.tabAction') },
        ]}
        selected={tab}
        onSelect={setTab}
        label={t('overlays.tabsLabel')}
        className="cw-catalogue-tabs"
      >
        <p className="cw-catalogue-tabs__body">
          {tab === 'all' ? t('overlays.tabAllBody') : t('overlays.tabActionBody')}
        </p>
      </Tabs>
      <Row title={t('overlays.toasts')}>
        <Button variant="neutral" onClick={() => notify.success(t('overlays.toastSuccessText'))}>
          {t('overlays.toastSuccess')}
        </Button>
        <Button variant="neutral" onClick={() => notify.error(t('overlays.toastErrorText'))}>
          {t('overlays.toastError')}
        </Button>
        <Button variant="neutral" onClick={() => notify.info(t('overlays.toastInfoText'))}>
          {t('overlays.toastInfo')}
        </Button>
        <Button variant="neutral" onClick={() => notify.warning(t('overlays.toastWarningText'))}>
          {t('overlays.toastWarning')}
        </Button>
      </Row>
    </Section>
  );
}
