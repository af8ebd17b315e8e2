/**
 * How much of DataHub's web app our GraphQL schema can answer: every operation in the app's `.graphql`
 * files, each validated together with the fragments it uses (followed transitively), against our schema.
 *
 *   node --import tsx scripts/webapp-census.ts DIR [--only name,name] [--errors] [--json]
 *
 * DIR is a checkout of DataHub's `datahub-web-react` (or any folder holding its `.graphql` files); the
 * files are read, never copied into this repository. Prints "N of M operations validate", then with
 * `--errors` each failing operation with its first messages. `--only` restricts the census to the named
 * operations (the five pages' list, for instance); exit 1 when any of those fails.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  buildSchema,
  type DefinitionNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  Kind,
  type OperationDefinitionNode,
  parse,
  validate,
  visit,
} from 'graphql';
import { loadSdl } from '../src/server/graphql/schema.ts';

function graphqlFiles(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...graphqlFiles(path));
    else if (name.endsWith('.graphql')) found.push(path);
  }
  return found.sort();
}

function usedFragments(node: DefinitionNode, fragments: Map<string, FragmentDefinitionNode>): FragmentDefinitionNode[] {
  const seen = new Map<string, FragmentDefinitionNode>();
  const pending: DefinitionNode[] = [node];
  while (pending.length > 0) {
    const current = pending.pop() as DefinitionNode;
    visit(current, {
      FragmentSpread(spread) {
        const name = spread.name.value;
        const fragment = fragments.get(name);
        if (fragment !== undefined && !seen.has(name)) {
          seen.set(name, fragment);
          pending.push(fragment);
        }
      },
    });
  }
  return [...seen.values()];
}

function main(): void {
  const args = process.argv.slice(2);
  const dir = args.find((arg) => !arg.startsWith('--') && args[args.indexOf(arg) - 1] !== '--only');
  if (dir === undefined) {
    process.stderr.write('usage: webapp-census.ts DIR [--only name,name] [--errors] [--json]\n');
    process.exit(2);
  }
  const onlyAt = args.indexOf('--only');
  const only = onlyAt >= 0 ? new Set((args[onlyAt + 1] ?? '').split(',').filter(Boolean)) : undefined;
  const schema = buildSchema(loadSdl());
  const fragments = new Map<string, FragmentDefinitionNode>();
  const operations: { name: string; file: string; node: OperationDefinitionNode }[] = [];
  for (const file of graphqlFiles(dir)) {
    const document = parse(readFileSync(file, 'utf8'));
    for (const definition of document.definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
      else if (definition.kind === Kind.OPERATION_DEFINITION)
        operations.push({ name: definition.name?.value ?? '(anonymous)', file, node: definition });
    }
  }
  const results = operations
    .filter((operation) => only === undefined || only.has(operation.name))
    .map((operation) => {
      const document: DocumentNode = {
        kind: Kind.DOCUMENT,
        definitions: [operation.node, ...usedFragments(operation.node, fragments)],
      };
      const errors = validate(schema, document).map((error) => error.message);
      return { name: operation.name, file: operation.file.slice(dir.length + 1), errors };
    });
  const valid = results.filter((result) => result.errors.length === 0);
  if (args.includes('--json')) {
    process.stdout.write(`${JSON.stringify({ total: results.length, valid: valid.length, results }, null, 1)}\n`);
  } else {
    process.stdout.write(`${valid.length} of ${results.length} operations validate\n`);
    if (only !== undefined) {
      const missing = [...only].filter((name) => !results.some((result) => result.name === name));
      if (missing.length > 0) process.stdout.write(`not found in DIR: ${missing.join(', ')}\n`);
    }
    if (args.includes('--errors')) {
      for (const result of results) {
        if (result.errors.length === 0) continue;
        process.stdout.write(`\n${result.name} (${result.file}): ${result.errors.length} errors\n`);
        for (const message of result.errors.slice(0, 12)) process.stdout.write(`  ${message}\n`);
      }
    }
  }
  if (only !== undefined && valid.length < results.length) process.exitCode = 1;
}

main();
