/**
 * Operator command: create an in-app notification for a candidate.
 *   npx tsx server/src/cli/notify.ts --email candidate@example.com --type action_required \
 *     --category "Job offer" --message "..." [--domain acme.example] [--redirect /careers/offers?domain=acme.example]
 * The logic lives in ../notifications/notify-command.ts (tested there); this file only wires the process.
 */
import { runNotifyCommand } from '../notifications/notify-command';
import { runAsProcess } from './run-process';

runAsProcess(runNotifyCommand);
