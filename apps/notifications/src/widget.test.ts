import { describeWidget, type LocaleTree } from '@careers/shared/testing';
import en from './locales/en.json';
import fr from './locales/fr-CA.json';
import * as widget from './widget';

describeWidget('notifications', widget, {
  namespace: widget.NAMESPACE,
  en: en as LocaleTree,
  fr: fr as LocaleTree,
  samples: [
    ['empty.title', undefined, "You're all caught up!", 'Vous êtes à jour!'],
    ['bell.labelUnread', { count: 2 }, 'Notifications, 2 unread', 'Notifications, 2 non lues'],
    ['bell.labelUnread', { count: 1 }, 'Notifications, 1 unread', 'Notifications, 1 non lue'],
  ],
});
