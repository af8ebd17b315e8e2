import { homedir } from 'node:os';
import { join } from 'node:path';
import { startupSnapshot } from 'node:v8';
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { versionLine } from '../version.ts';
import { backupCommand } from './commands/backup.ts';
import { bundleCommand } from './commands/bundle.ts';
import { deprecateCommand } from './commands/deprecate.ts';
import { exportCommand } from './commands/export.ts';
import { getCommand } from './commands/get.ts';
import { groupCommand, userCommand } from './commands/identityCommands.ts';
import { ingestCommand } from './commands/ingest.ts';
import { putCommand } from './commands/put.ts';
import { serveCommand } from './commands/serve.ts';
import { tokenCommand } from './commands/token.ts';
import { reindexCommand, searchCommand } from './commands/search.ts';
import { lineageCommand } from './commands/lineage.ts';
import { remoteCommand } from './commands/remote.ts';
import { pullCommand } from './commands/pull.ts';
import { pushCommand } from './commands/push.ts';
import { diffCommand } from './commands/diff.ts';
import { statusCommand } from './commands/status.ts';
import { mcpCommand } from './commands/mcp.ts';
import { verifyCommand } from './commands/verify.ts';
import { eventsCommand } from './commands/events.ts';
import { guardStandardStreams, reportError } from './output.ts';
import { UsageError } from './usageError.ts';

/** The data file when neither --data nor CATALOG_DATA names one (read at run time: never at build time, see below). */
const defaultDataPath = () => join(homedir(), '.catalog', 'catalog.lmdb');

/** Runs the `catalog` command line; resolves when the command has finished. */
export async function main(argv: string[]): Promise<void> {
  const cli = yargs(argv);
  // yargs renders the running command's whole help text right after starting its handler, in case the
  // handler asks for it; ours never do (failures print one line, see fail() below), and the rendering
  // took a tenth of `catalog get`'s start-up.
  (cli as unknown as { getInternalMethods(): { getUsageInstance(): { cacheHelpMessage(): void } } })
    .getInternalMethods()
    .getUsageInstance().cacheHelpMessage = () => {};
  await cli
    .scriptName('catalog')
    .usage("$0 <command> [options]\n\nA local-first metadata catalog that speaks DataHub's GraphQL and REST protocols.")
    .option('data', {
      type: 'string',
      describe: 'Path of the data file (env CATALOG_DATA)',
      default: process.env['CATALOG_DATA'] || defaultDataPath(),
      defaultDescription: '$CATALOG_DATA or ~/.catalog/catalog.lmdb',
      global: true,
    })
    .command(ingestCommand)
    .command(getCommand)
    .command(serveCommand)
    .command(putCommand)
    .command(userCommand)
    .command(groupCommand)
    .command(deprecateCommand)
    .command(exportCommand)
    .command(backupCommand)
    .command(bundleCommand)
    .command(tokenCommand)
    .command(searchCommand)
    .command(reindexCommand)
    .command(lineageCommand)
    .command(remoteCommand)
    .command(pullCommand)
    .command(pushCommand)
    .command(diffCommand)
    .command(statusCommand)
    .command(mcpCommand)
    .command(verifyCommand)
    .command(eventsCommand)
    .demandCommand(1, 'Name a command; see --help.')
    .strict()
    .version(versionLine())
    .help()
    .alias('h', 'help')
    .wrap(Math.min(110, process.stdout.columns || 100))
    .fail((msg, err) => {
      if (err && !(err instanceof UsageError)) throw err;
      process.stderr.write(`error: ${msg ?? err?.message}\nRun "catalog --help" for usage.\n`);
      process.exit(2);
    })
    .parseAsync();
}

const run = () => {
  guardStandardStreams();
  void main(hideBin(process.argv)).catch(reportError);
};
// The single executable starts from V8's start-up snapshot, taken by the build after this module's top
// level (and everything it imports statically) ran: each start then deserialises that heap and runs
// the command, instead of evaluating and compiling the CLI again. Nothing here may read the
// environment, the arguments or the terminal at module level: it would be the build machine's.
if (startupSnapshot.isBuildingSnapshot()) startupSnapshot.setDeserializeMainFunction(run);
else run();
