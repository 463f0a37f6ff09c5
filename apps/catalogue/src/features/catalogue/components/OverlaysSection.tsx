import { useState } from 'react';
import { useTranslation, Button, ConfirmDialog, MenuButton, notify, Tabs } from '@careers/shared';
import { NAMESPACE } from '../namespace';
import { Row, Section } from './Section';

type ExampleTab = 'all' | 'action';

/** The confirm dialog (opened on demand), the menu button (actions and a link), Tabs, and the four kinds of toast. */
export function OverlaysSection() {
  const { t } = useTranslation(NAMESPACE);
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<ExampleTab>('all');
  return (
    <Section title={t('overlays.title')}>
      <Row title={t('overlays.openDialog')}>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {t('overlays.openDialog')}
        </Button>
      </Row>
      {open && (
        <ConfirmDialog
          title={t('overlays.dialogTitle')}
          confirmLabel={t('overlays.dialogConfirm')}
          cancelLabel={t('overlays.dialogCancel')}
          onConfirm={() => setOpen(false)}
          onCancel={() => setOpen(false)}
        >
          {t('overlays.dialogBody')}
        </ConfirmDialog>
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
