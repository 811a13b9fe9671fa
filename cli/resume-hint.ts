// Ctrl-C on `hsim run`/`hsim sweep`: the finished cells are kept, and the command that continues from them is printed.

/** Quotes an argument for a POSIX shell when it holds anything but safe characters. */
export function shellQuote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** The command line that resumes `args` (the arguments after `hsim`): the same ones, with `--resume` added once. */
export function resumeCommand(args: readonly string[]): string {
  const withResume = args.includes('--resume') ? [...args] : [...args, '--resume'];
  return ['hsim', ...withResume].map(shellQuote).join(' ');
}

/**
 * Until the returned function is called, the first SIGINT prints where the finished cells are kept and the resume
 * command to stderr, and ends the process with 130 (128 + SIGINT, as shells report an interrupted command).
 */
export function printResumeOnInterrupt(args: readonly string[]): () => void {
  const onSigint = (): void => {
    process.stderr.write(`\nhsim: interrupted; every finished cell is kept. Continue with:\n  ${resumeCommand(args)}\n`);
    process.exit(130);
  };
  process.once('SIGINT', onSigint);
  return () => process.off('SIGINT', onSigint);
}

/** Runs `body` with the hint of printResumeOnInterrupt for `args` armed, and disarms it however `body` ends. */
export async function withResumeHint<T>(args: readonly string[], body: () => Promise<T>): Promise<T> {
  const stop = printResumeOnInterrupt(args);
  try {
    return await body();
  } finally {
    stop();
  }
}
