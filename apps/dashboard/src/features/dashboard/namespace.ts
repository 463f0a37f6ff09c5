/** i18n namespace of this widget. */
export const NAMESPACE = 'dashboard';
