/** A progress bar on stderr when it is a terminal; silent otherwise (pipes, CI, tests). */
import cliProgress from 'cli-progress';

export interface Progress {
  update(done: number): void;
  stop(): void;
}

const SILENT: Progress = { update: () => {}, stop: () => {} };

export function startProgress(total: number, unit: string, minTotal = 5000): Progress {
  if (!process.stderr.isTTY || total < minTotal) return SILENT;
  const bar = new cliProgress.SingleBar(
    {
      format: `{bar} {percentage}% | {value}/{total} ${unit} | ETA {eta_formatted}`,
      stream: process.stderr,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0);
  return { update: (done) => bar.update(done), stop: () => bar.stop() };
}
