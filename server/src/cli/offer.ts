/**
 * Operator command: extend a job offer to a candidate with one or more PDF documents.
 *   npx tsx server/src/cli/offer.ts --email candidate@example.com --position "Robotics Software Engineer" \
 *     --document letter.pdf:Offer:embedded --document benefits.pdf:Benefits:none [--expires-in-days 14]
 * The logic lives in ../offers/offer-command.ts (tested there); this file only wires the process.
 */
import { runOfferCommand } from '../offers/offer-command';
import { runAsProcess } from './run-process';

runAsProcess(runOfferCommand);
