/**
 * Operator command: show or change an employer's widget configuration (page shell branding, behaviour flags, the
 * implementation phase, search, job cart, position details, apply form).
 *   npm run employer -- show --domain acme.example
 *   npm run employer -- set --domain acme.example --json '{"behaviourFlags":{"hideInjectedFooter":true}}'
 * and the origins of the employer's own pages that may call the API (allowed origins, CORS):
 *   npm run employer -- origins add https://www.acme.example --domain acme.example
 * The logic lives in ../employers/employer-command.ts (tested there); this file only wires the process.
 */
import { runEmployerCommand } from '../employers/employer-command';
import { runAsProcess } from './run-process';

runAsProcess(runEmployerCommand);
