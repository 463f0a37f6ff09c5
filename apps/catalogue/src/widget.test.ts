import { describeWidget, type LocaleTree } from '@careers/shared/testing';
import en from './locales/en.json';
import fr from './locales/fr-CA.json';
import * as widget from './widget';

describeWidget('catalogue', widget, {
  namespace: widget.NAMESPACE,
  en: en as LocaleTree,
  fr: fr as LocaleTree,
  samples: [['page.title', undefined, 'Component catalogue', 'Catalogue des composants']],
});
