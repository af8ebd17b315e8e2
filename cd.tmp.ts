import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse, validate, specifiedRules, NoUnusedFragmentsRule, Kind } from 'graphql';
import { getSchema } from './src/server/graphql/schema.ts';
const base = '.venv-interop/lib/python3.11/site-packages';
const schema = getSchema();
const inline = JSON.parse(readFileSync('/tmp/docs.json', 'utf8')) as Array<{ file: string; line: number; text: string }>;
const gqlFiles = ['mcp_server_datahub/gql', 'datahub/cli/gql'].flatMap((d) => readdirSync(join(base, d)).filter((f) => /\.(gql|graphql)$/.test(f)).map((f) => ({ file: `${d}/${f}`, line: 1, text: readFileSync(join(base, d, f), 'utf8') })));
let ok = 0, bad = 0, unparsable = 0;
const rules = specifiedRules.filter((r) => r !== NoUnusedFragmentsRule);
for (const d of [...gqlFiles, ...inline]) {
  let doc;
  try { doc = parse(d.text); } catch { unparsable++; continue; }
  const errors = validate(schema, doc, rules);
  if (errors.length === 0) ok++; else { bad++; if (process.argv[2]) console.log(d.file + ':' + d.line, errors.length, errors[0]!.message.slice(0, 120)); }
}
console.log({ ok, bad, unparsable });
