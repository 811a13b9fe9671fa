// A handler process of `hsim replay --handlers compute`: spins a calibrated CPU-bound loop for each job it is sent.
// Plain JavaScript with no imports, so that it forks the same way from the bundled CLI, the tsx loader and vitest.
//
// Protocol (IPC, JSON): the parent sends {job, ms}; this process answers {job, cpuMs, t0, t1, proc} when the job has
// spun round(ms × iterations per CPU-ms) iterations: t0 and t1 are the monotonic clock (process.hrtime, ms: one clock
// for every process of the machine) at its first slice and at its end, proc this process's CPU time so far (ms).
// At start it calibrates (iterations per CPU-ms, measured with process.cpuUsage so that a busy machine does not
// shrink the work) and sends {ready, itersPerMs}.
// Jobs that overlap in one process (several consumers per process) share it: the loop runs in slices of about
// 1 ms of work, round robin over the active jobs, and each job is charged the CPU time of its own slices.

/** Accumulator the loop writes, so that the JIT cannot remove the work. */
let sink = 1;

/** Spins `n` iterations of a xorshift step. */
function spin(n) {
  let x = sink | 1;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
  }
  sink = x;
}

/** CPU time this process has used, ms (user + system). */
function cpuMs() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * Iterations per CPU-ms: a warm-up (JIT), then 5 windows of at least 15 ms of CPU time each, keeping the fastest.
 * process.cpuUsage counts every thread of the process, so a window where V8's compiler or GC threads ran reads slow;
 * the fastest window is the loop's own rate.
 */
function calibrate() {
  spin(5_000_000);
  let best = 0;
  for (let w = 0; w < 5; w++) {
    const c0 = cpuMs();
    let iters = 0;
    while (cpuMs() - c0 < 15) {
      spin(100_000);
      iters += 100_000;
    }
    best = Math.max(best, iters / (cpuMs() - c0));
  }
  return best;
}

const itersPerMs = calibrate();
const slice = Math.max(1, Math.round(itersPerMs));
/** The machine's monotonic clock, ms (CLOCK_MONOTONIC: comparable between processes, unlike performance.now()). */
function monoMs() {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** Active jobs in arrival order: {job, left (iterations), cpu (ms charged), t0 (monotonic ms of the first slice)}. */
const active = [];
let running = false;

function step() {
  const j = active.shift();
  if (j === undefined) {
    running = false;
    return;
  }
  const n = Math.min(j.left, slice);
  if (j.t0 < 0) j.t0 = monoMs();
  const c0 = cpuMs();
  spin(n);
  j.cpu += cpuMs() - c0;
  j.left -= n;
  if (j.left > 0) active.push(j);
  else process.send({ job: j.job, cpuMs: j.cpu, t0: j.t0, t1: monoMs(), proc: cpuMs() });
  // setImmediate lets new jobs (IPC messages) in between slices.
  setImmediate(step);
}

process.on('message', (m) => {
  active.push({ job: m.job, left: Math.max(0, Math.round(m.ms * itersPerMs)), cpu: 0, t0: -1 });
  if (!running) {
    running = true;
    setImmediate(step);
  }
});
process.on('disconnect', () => process.exit(0));
process.send({ ready: true, itersPerMs });
