// Preloaded by `npm run bench -- --profile` (NODE_OPTIONS=--require ...; node 20 refuses --cpu-prof there) into
// the site's and the CLI's processes: records a V8 CPU profile and writes it to BENCH_CPU_PROFILE_DIR at exit,
// or at the first SIGTERM (Nest re-raises the signal after closing, and a process killed by a signal has no 'exit').
const inspector = require('node:inspector');
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');

const directory = process.env.BENCH_CPU_PROFILE_DIR;
if (directory) {
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 1000 });
  session.post('Profiler.start');
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    // A session on this thread answers synchronously, so this also works inside 'exit'.
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(join(directory, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  };
  process.once('exit', write);
  process.once('SIGTERM', write);
}
