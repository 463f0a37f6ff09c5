import { SHELL_SLOTS } from './shell-parts';

/**
 * The elements an employer's page gives the widgets, by id (README, "Embedding the widgets in your career page"):
 * a public contract, like the routes. `apps/root-config/registry.test.ts` checks that it names every widget's slot
 * of the registry and the shell's, and nothing else. A start that fails shows its notice in those the page has.
 */
export const EMBED_SLOTS = [
  SHELL_SLOTS.navbar,
  SHELL_SLOTS.banner,
  'careers-main',
  SHELL_SLOTS.footer,
  'candidate-notification-trigger',
  'careers-gate',
] as const;
