// Entry of the heavy-work pool's threads (see heavy-pool.ts). Plain JavaScript, because a worker thread need not
// have the TypeScript loader of the thread that started it (Jest's Babel never reaches a worker): the tasks module
// is loaded through tsx's API. Piscina waits for the module (top-level await) before giving the thread any task.
import os from 'node:os';
import process from 'node:process';
import { tsImport } from 'tsx/esm/api';

// On Linux a thread's nice value is its own (setpriority on the calling thread): these threads yield the CPU to
// the event loop, so requests keep being answered while both cores read resumes. Elsewhere it would lower the
// whole process, so it is left alone there.
if (process.platform === 'linux') {
  try {
    os.setPriority(10);
  } catch {
    // Not permitted: the threads run at the process's priority.
  }
}

const tasks = await tsImport('./heavy-tasks.ts', import.meta.url);

export default tasks.runHeavyTask ?? tasks.default.runHeavyTask;
