/**
 * What a command says while it gives an older data file's values their checksums (the first
 * read-write open by this release; src/store/checksumUpgrade.ts): a line before, a progress bar on
 * a terminal, a line after. On stderr, so a command's own output is unchanged.
 */
import type { ChecksumProgress } from '../store/store.ts';
import { startProgress, type Progress } from './progress.ts';

export function checksumProgress(path: string): ChecksumProgress {
  let bar: Progress | undefined;
  return {
    begin(values) {
      process.stderr.write(
        `catalog: giving the ${values} values of ${path} their checksums (a file written before them; once, and an interrupted run goes on where it stopped) …\n`,
      );
      bar = startProgress(values, 'values');
    },
    update(done) {
      bar?.update(done);
    },
    end(result) {
      bar?.stop();
      const unreadable =
        result.unreadable === 0
          ? ''
          : `; ${result.unreadable === 1 ? '1 value' : `${result.unreadable} values`} did not decode and ${result.unreadable === 1 ? 'was' : 'were'} left as ${result.unreadable === 1 ? 'it was' : 'they were'}: \`catalog verify --data ${path}\` names ${result.unreadable === 1 ? 'it' : 'them'}`;
      process.stderr.write(
        `catalog: ${path}: every value has its checksum now (${result.sealed} given in ${result.seconds.toFixed(2)}s${unreadable})\n`,
      );
    },
  };
}
