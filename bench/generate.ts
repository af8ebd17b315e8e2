/**
 * Deterministic generator of N datasets as DataHub MCPs: datasetProperties, schemaMetadata with
 * 20–50 columns, ownership and globalTags (4 aspects a dataset). Written as JSON Lines (streamed, any
 * size) or as a JSON array (for DataHub Lite's file source).
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

/** mulberry32: a small seeded PRNG, so every run generates the same catalog. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TYPES = [
  ['StringType', 'varchar'],
  ['NumberType', 'bigint'],
  ['BooleanType', 'boolean'],
  ['DateType', 'date'],
  ['TimeType', 'timestamp'],
] as const;

export function datasetUrn(i: number): string {
  return `urn:li:dataset:(urn:li:dataPlatform:postgres,bench.schema_${i % 97}.table_${i},PROD)`;
}

export function datasetMcps(i: number, random: () => number): object[] {
  const urn = datasetUrn(i);
  const columns = 20 + Math.floor(random() * 31);
  const mcp = (aspectName: string, json: object) => ({
    entityType: 'dataset',
    entityUrn: urn,
    changeType: 'UPSERT',
    aspectName,
    aspect: { json },
  });
  return [
    mcp('datasetProperties', {
      customProperties: { team: `team_${i % 13}` },
      name: `table_${i}`,
      description: `Benchmark table ${i}, generated.`,
    }),
    mcp('schemaMetadata', {
      schemaName: `table_${i}`,
      platform: 'urn:li:dataPlatform:postgres',
      version: 0,
      hash: '',
      platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } },
      fields: Array.from({ length: columns }, (_, c) => {
        const [type, native] = TYPES[Math.floor(random() * TYPES.length)]!;
        return {
          fieldPath: `col_${c}`,
          nullable: random() < 0.5,
          description: `Column ${c} of table ${i}`,
          type: { type: { [`com.linkedin.schema.${type}`]: {} } },
          nativeDataType: native,
        };
      }),
    }),
    mcp('ownership', {
      owners: [{ owner: `urn:li:corpuser:user_${i % 50}`, type: 'TECHNICAL_OWNER' }],
      lastModified: { time: 0, actor: 'urn:li:corpuser:datahub' },
    }),
    mcp('globalTags', { tags: [{ tag: `urn:li:tag:tag_${i % 20}` }, { tag: `urn:li:tag:tier_${i % 3}` }] }),
  ];
}

/** Writes N datasets to `path`; returns the number of aspects. */
export async function generate(path: string, n: number, format: 'jsonl' | 'array', seed = 42): Promise<number> {
  const random = rng(seed);
  const out = createWriteStream(path);
  const write = async (s: string) => {
    if (!out.write(s)) await once(out, 'drain');
  };
  let aspects = 0;
  if (format === 'array') await write('[\n');
  for (let i = 0; i < n; i++) {
    for (const r of datasetMcps(i, random)) {
      await write(format === 'array' ? `${aspects === 0 ? '' : ',\n'}${JSON.stringify(r)}` : `${JSON.stringify(r)}\n`);
      aspects++;
    }
  }
  if (format === 'array') await write('\n]\n');
  out.end();
  await once(out, 'finish');
  return aspects;
}
