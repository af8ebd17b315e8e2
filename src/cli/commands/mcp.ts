import type { CommandModule } from 'yargs';
import type { McpArgs } from './mcpRun.ts';

export const mcpCommand: CommandModule<object, McpArgs> = {
  command: 'mcp',
  describe: "Serve DataHub's MCP tools for AI assistants over stdio, on the data file directly (no server needed)",
  builder: (y) =>
    y
      .option('read-only', {
        type: 'boolean',
        default: false,
        describe: 'Offer only the tools that read; the write tools are not listed',
      })
      .option('actor', {
        type: 'string',
        describe: 'The user the tools act as and attribute writes to',
        defaultDescription: 'urn:li:corpuser:<your login>',
      })
      .example('$0 mcp --data ~/catalog.lmdb', 'what an assistant (Claude Desktop, Claude Code, Cursor) launches')
      .example('$0 mcp --read-only', 'search and read only') as never,
  handler: async (args) => {
    const { runMcp } = await import('./mcpRun.ts');
    await runMcp(args);
  },
};
