/** Joins class names, skipping empty ones: `cx('cw-button', loading && 'is-busy', className)`. */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}

/** A DOM id from React's `useId` (which may contain characters such as ':' or '«'), with a readable prefix. */
export function domId(prefix: string, reactId: string): string {
  return `${prefix}${reactId.replace(/[^a-zA-Z0-9_-]/g, '')}`;
}
