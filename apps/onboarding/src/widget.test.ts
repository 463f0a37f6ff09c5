import { describeWidget, type LocaleTree } from '@careers/shared/testing';
import en from './locales/en.json';
import fr from './locales/fr-CA.json';
import * as widget from './widget';

describeWidget('onboarding', widget, {
  namespace: widget.NAMESPACE,
  en: en as LocaleTree,
  fr: fr as LocaleTree,
  samples: [
    ['terms.heading', undefined, 'Terms of service', "Conditions d'utilisation"],
    ['terms.accept', undefined, 'Accept', 'Accepter'],
    [
      'bootstrap.errors.locationTooLong',
      { max: 200 },
      'Location must be 200 characters or fewer.',
      'Le lieu doit compter au plus 200 caractères.',
    ],
  ],
});
