import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { VERSION } from '../version.ts';

/** Runs the `catalog` command line; resolves when the command has finished. */
export async function main(argv: string[]): Promise<void> {
  await yargs(argv)
    .scriptName('catalog')
    .version(VERSION)
    .demandCommand(1)
    .strict()
    .parseAsync();
}

main(hideBin(process.argv)).catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
