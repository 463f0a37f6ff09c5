import { describeWidget, type LocaleTree } from '@careers/shared/testing';
import en from './locales/en.json';
import fr from './locales/fr-CA.json';
import * as widget from './widget';

describeWidget('offers', widget, {
  namespace: widget.NAMESPACE,
  en: en as LocaleTree,
  fr: fr as LocaleTree,
  samples: [
    ['list.empty', undefined, 'No offers found', 'Aucune offre trouvée'],
    ['list.expiresIn', { count: 1 }, 'Expires in 1 day', 'Expire dans 1 jour'],
    ['list.expiresIn', { count: 4 }, 'Expires in 4 days', 'Expire dans 4 jours'],
  ],
});
