import { describeWidget, type LocaleTree } from '@careers/shared/testing';
import en from './locales/en.json';
import fr from './locales/fr-CA.json';
import * as widget from './widget';

describeWidget('shell', widget, {
  namespace: widget.NAMESPACE,
  en: en as LocaleTree,
  fr: fr as LocaleTree,
  samples: [
    ['navbar.brand', { company: 'Acme' }, 'Careers at Acme', 'Carrières chez Acme'],
    ['footer.poweredBy', { product: 'X' }, 'Powered by X', 'Propulsé par X'],
  ],
});
