import { resolve } from 'node:path';
import type { CommandModule } from 'yargs';
import { BadRequestError, locatedError } from '../../errors.ts';
import { MAX_URN_LENGTH, setMaxUrnLength } from '../../model/urn.ts';
import type { ServerDeps } from '../../server/context.ts';
import { DEFAULT_LIMITS, WEB_APP_MAX_QUERY_COMPLEXITY } from '../../server/defaultLimits.ts';
import { AllowedHostsError, parseAllowedHosts } from '../../server/hosts.ts';
import { DEFAULT_MAPPED_MB, keepMappedPagesUnder } from '../../server/memory.ts';
import { noticeCreated, noticeUpgrade } from '../openStore.ts';
import { goOnWhenOutputCloses } from '../output.ts';
import { UsageError } from '../usageError.ts';

interface ServeArgs {
  data: string;
  host: string;
  port: number;
  sample?: boolean;
  auth?: boolean;
  insecureNoAuth?: boolean;
  allowedHosts?: string[];
  maxBodyBytes: number;
  maxBatchItems: number;
  maxQueryDepth: number;
  maxQueryComplexity: number | undefined;
  maxStringLength: number;
  maxUrnLength: number;
  cacheMb: number;
  mappedMb: number;
  datahubWebApp?: string;
}

/** `--cache-mb`'s default: the heap of the decoded values shared between reads (Store.setSharedValuesBudget). */
export const DEFAULT_CACHE_MB = 24;

export const serveCommand: CommandModule<object, ServeArgs> = {
  command: 'serve',
  describe: "Serve the data file over DataHub's GraphQL (/api/graphql) and REST (Rest.li) APIs",
  builder: (y) =>
    y
      .option('host', { type: 'string', default: '127.0.0.1', describe: 'Address to bind' })
      .option('port', { type: 'number', default: 8080, describe: 'Port (0 picks a free one)' })
      .option('sample', {
        type: 'boolean',
        default: false,
        describe: 'Load the sample catalog into the data file first (idempotent)',
      })
      .option('auth', { type: 'boolean', describe: 'Require an access token (always on for a non-loopback --host)' })
      .option('insecure-no-auth', {
        type: 'boolean',
        describe: 'Serve a non-loopback --host WITHOUT authentication: anyone reaching the port can change the catalog',
      })
      .option('allowed-hosts', {
        type: 'string',
        array: true,
        describe:
          'Host names the server also answers to (comma-separated, repeatable; .example.com takes its subdomains; all = any). ' +
          'Without auth it answers only localhost, IP addresses and --host, against DNS rebinding; with auth, any name unless this is given',
      })
      .option('max-body-bytes', {
        type: 'number',
        default: DEFAULT_LIMITS.maxBodyBytes,
        describe: 'Largest request body',
      })
      .option('max-batch-items', {
        type: 'number',
        default: DEFAULT_LIMITS.maxBatchItems,
        describe: 'Most items in one list of a request',
      })
      .option('max-query-depth', {
        type: 'number',
        default: DEFAULT_LIMITS.maxQueryDepth,
        describe: 'Deepest GraphQL selection',
      })
      .option('max-query-complexity', {
        type: 'number',
        defaultDescription: `${DEFAULT_LIMITS.maxQueryComplexity}, ${WEB_APP_MAX_QUERY_COMPLEXITY} with --datahub-web-app`,
        describe: 'Most GraphQL fields in one operation',
      })
      .option('max-string-length', {
        type: 'number',
        default: DEFAULT_LIMITS.maxStringLength,
        describe: 'Longest string value in a request',
      })
      .option('max-urn-length', { type: 'number', default: MAX_URN_LENGTH, describe: 'Longest URN accepted' })
      .option('cache-mb', {
        type: 'number',
        default: DEFAULT_CACHE_MB,
        describe:
          'Memory (MB) for aspect values decoded once and shared between reads: more makes repeated reads faster',
      })
      .option('mapped-mb', {
        type: 'number',
        default: DEFAULT_MAPPED_MB,
        describe:
          "Resident file pages (MB), the executable's own (about 60) counted in, past which the server lets go of the data file pages it mapped; checked every 8 requests and twice a second (0: never)",
      })
      .option('datahub-web-app', {
        type: 'string',
        describe:
          "Serve DataHub's own web app, built from datahub-web-react into DIR, at / in place of Catalog's (README: DataHub's own web app)",
        requiresArg: true,
      })
      .check((a) => {
        try {
          if (a.allowedHosts) parseAllowedHosts((a.allowedHosts as unknown[]).map(String));
        } catch (e) {
          if (e instanceof AllowedHostsError) throw new UsageError(e.message);
          throw e;
        }
        return true;
      })
      .example(
        '$0 serve --sample --datahub-web-app ./datahub-web-react/dist',
        "DataHub's own UI over the sample catalog",
      )
      .example(
        '$0 serve --allowed-hosts catalog.internal',
        'Also answer browsers that reach this machine as http://catalog.internal:8080',
      )
      .group(['auth', 'insecure-no-auth', 'allowed-hosts'], 'Authentication:')
      .group(
        [
          'max-body-bytes',
          'max-batch-items',
          'max-query-depth',
          'max-query-complexity',
          'max-string-length',
          'max-urn-length',
        ],
        'Limits:',
      )
      .group(['cache-mb', 'mapped-mb'], 'Memory:') as never,
  handler: async (args) => {
    // A server's output is a log beside its work: a closed pipe or a full disk silences it, and the
    // server goes on serving.
    goOnWhenOutputCloses();
    // Loaded here, not at start-up: every other command starts without the server, the store or auth.
    const [
      { openCatalog },
      { startServer, openWebApp, WebAppDirError },
      { AuthSetupError, decideAuth, isLoopback },
      { checksumProgress },
    ] = await Promise.all([
      import('../../ops/core/openCatalog.ts'),
      import('../../server/server.ts'),
      import('../../server/auth.ts'),
      import('../checksumNotice.ts'),
    ]);
    if (!Number.isInteger(args.port) || args.port < 0 || args.port > 65535)
      throw new BadRequestError(`--port must be 0..65535, got ${args.port}`);
    // DataHub's app selects every entity type's fields in one document: its pages need the higher default.
    const maxQueryComplexity =
      args.maxQueryComplexity ??
      (args.datahubWebApp !== undefined ? WEB_APP_MAX_QUERY_COMPLEXITY : DEFAULT_LIMITS.maxQueryComplexity);
    for (const [flag, value] of Object.entries({
      'max-body-bytes': args.maxBodyBytes,
      'max-batch-items': args.maxBatchItems,
      'max-query-depth': args.maxQueryDepth,
      'max-query-complexity': maxQueryComplexity,
      'max-string-length': args.maxStringLength,
    })) {
      if (!Number.isInteger(value) || value < 1)
        throw new BadRequestError(`--${flag} must be a positive integer, got ${value}`);
    }
    for (const [flag, value] of Object.entries({ 'cache-mb': args.cacheMb, 'mapped-mb': args.mappedMb })) {
      if (!Number.isFinite(value) || value < 0) {
        throw new BadRequestError(`--${flag} must be a number of MB, 0 or more, got ${value}`);
      }
    }
    try {
      setMaxUrnLength(args.maxUrnLength);
    } catch (e) {
      throw locatedError(new BadRequestError((e as Error).message), { path: '--max-urn-length' });
    }
    // A folder that is no built app is refused before the data file is opened or made.
    let webApp: ReturnType<typeof openWebApp> | undefined;
    if (args.datahubWebApp !== undefined) {
      try {
        webApp = openWebApp(args.datahubWebApp);
      } catch (e) {
        if (e instanceof WebAppDirError) throw new UsageError(e.message);
        throw e;
      }
    }
    const dataPath = resolve(args.data);
    const store = openCatalog(dataPath, { progress: checksumProgress(dataPath) });
    store.setSharedValuesBudget(args.cacheMb * 1024 * 1024);
    let auth: boolean;
    try {
      auth = decideAuth({
        host: args.host,
        auth: args.auth,
        insecureNoAuth: args.insecureNoAuth,
        tokenCount: store.listTokens().length,
        dataPath,
      });
    } catch (e) {
      // A server that does not start leaves no file it made for nothing.
      if (!(await store.removeIfNothingIn())) await store.close();
      if (e instanceof AuthSetupError) {
        process.stderr.write(`${e.message}\n`);
        process.exitCode = 2;
        return;
      }
      throw e;
    }
    noticeCreated(store);
    noticeUpgrade(store);
    if (args.sample) {
      const { ingestFile } = await import('./ingestRun.ts');
      const s = await ingestFile(store, undefined);
      process.stdout.write(`Sample data: ${s.written} aspects written, ${s.unchanged} unchanged\n`);
    }
    const limits = {
      maxBodyBytes: args.maxBodyBytes,
      maxBatchItems: args.maxBatchItems,
      maxQueryDepth: args.maxQueryDepth,
      maxQueryComplexity,
      maxStringLength: args.maxStringLength,
    };
    // /mcp: DataHub's MCP tools over streamable HTTP (the SDK loads on the first request).
    const mcp = async (deps: ServerDeps) => (await import('../../mcp/http.ts')).createMcpHttpHandler(deps);
    const allowedHosts = args.allowedHosts ? parseAllowedHosts(args.allowedHosts) : undefined;
    const running = await startServer({
      store,
      host: args.host,
      port: args.port,
      auth,
      limits,
      mcp,
      allowedHosts,
      ...(webApp ? { webApp } : {}),
    });
    if (!auth && !isLoopback(args.host))
      process.stderr.write(`WARNING: serving ${args.host} without authentication (--insecure-no-auth)\n`);
    if (!auth && allowedHosts === 'all')
      process.stderr.write(
        'WARNING: --allowed-hosts all without authentication: a web page on any site can reach this server by DNS rebinding and read and change the catalog\n',
      );
    if (auth)
      process.stdout.write(
        'Authentication is on: every request but /health and /config needs "Authorization: Bearer <token>".\n',
      );
    const stopMappedBudget = keepMappedPagesUnder(store, args.mappedMb * 1024 * 1024, { requests: running.server });
    if (webApp) process.stdout.write(`DataHub's web app from ${webApp.dir} at ${running.url}/\n`);
    process.stdout.write(`catalog listening on ${running.url}\n`);
    await new Promise<void>((done) => {
      const stop = () => {
        stopMappedBudget();
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
