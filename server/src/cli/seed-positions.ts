/**
 * Operator command: add many generated positions (benchmarks, the demo).
 *   npm run seed:positions -- --count 100000 [--domain acme.example] [--seed N]
 * The logic lives in ../positions/seed-command.ts (tested there); this file only wires the process.
 */
import { runSeedPositionsCommand } from '../positions/seed-command';
import { runAsProcess } from './run-process';

runAsProcess(runSeedPositionsCommand);
