/**
 * Operator command: publish one position and alert the candidates whose saved searches find it.
 *   npm run position -- --domain acme.example --title "Robot Whisperer" --department Robotics \
 *     --employment-type Full-time --location Toronto [--remote] [--skills "ROS,C++"]
 * The logic lives in ../saved-searches/position-command.ts (tested there); this file only wires the process.
 */
import { runPositionCommand } from '../saved-searches/position-command';
import { runAsProcess } from './run-process';

runAsProcess(runPositionCommand);
