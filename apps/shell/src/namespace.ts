/** i18n namespace of the shell widget. */
export const NAMESPACE = 'shell';
