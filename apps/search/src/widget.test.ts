import { describeWidget, type LocaleTree } from '@careers/shared/testing';
import en from './locales/en.json';
import fr from './locales/fr-CA.json';
import * as widget from './widget';

describeWidget('search', widget, {
  namespace: widget.NAMESPACE,
  en: en as LocaleTree,
  fr: fr as LocaleTree,
  samples: [
    ['page.heading', undefined, en.page.heading, fr.page.heading],
    ['page.headingWithMap', undefined, en.page.headingWithMap, fr.page.headingWithMap],
  ],
});
