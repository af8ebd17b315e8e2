import { resolve } from 'node:path';
import type { CommandModule } from 'yargs';
import { BadRequestError } from '../../model/errors.ts';

interface ServeArgs {
  data: string;
  host: string;
  port: number;
  sample?: boolean;
}

export const serveCommand: CommandModule<object, ServeArgs> = {
  command: 'serve',
  describe: "Serve the data file over DataHub's GraphQL (/api/graphql) and REST (Rest.li) APIs",
  builder: (y) =>
    y
      .option('host', { type: 'string', default: '127.0.0.1', describe: 'Address to bind' })
      .option('port', { type: 'number', default: 8080, describe: 'Port (0 picks a free one)' })
      .option('sample', { type: 'boolean', default: false, describe: 'Load the sample catalog into the data file first (idempotent)' }) as never,
  handler: async (args) => {
    const [{ Store }, { startServer }] = await Promise.all([import('../../store/store.ts'), import('../../server/server.ts')]);
    if (!Number.isInteger(args.port) || args.port < 0 || args.port > 65535) throw new BadRequestError(`--port must be 0..65535, got ${args.port}`);
    const store = Store.open(resolve(args.data));
    if (args.sample) {
      const { ingestFile } = await import('./ingestRun.ts');
      const s = await ingestFile(store, undefined);
      process.stdout.write(`Sample data: ${s.written} aspects written, ${s.unchanged} unchanged\n`);
    }
    const running = await startServer({ store, host: args.host, port: args.port });
    process.stdout.write(`catalog listening on ${running.url}\n`);
    await new Promise<void>((done) => {
      const stop = () => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        void running
          .close()
          .then(() => store.close())
          .then(done);
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    });
  },
};
