/**
 * The audit of issue 48 item 5: for every aspect whose shape our model declares (src/model/aspects)
 * and DataHub's schema defines, the required fields and enums DataHub declares that our declaration
 * does not check on write. DataHub's schema is the pinned acryl-datahub's Avro bundle
 * (`datahub/metadata/schema.avsc` in the interop virtualenv, scripts/interop-venv.sh), the same
 * schemas its classes and its server check a value against.
 *
 *   node --import tsx scripts/aspect-audit.ts [--json]
 *
 * A field is required when its type is not a union with null and it has no default (DataHub's server
 * fills a default, so a field with one may be absent: its validator's `CAN_BE_ABSENT_IF_HAS_DEFAULT`).
 * An enum is checked when our shape at its place is an `enum`. A gap we keep on purpose is listed,
 * with its reason, in scripts/aspect-audit-accepted.ts; the audit counts the gaps not listed there, and
 * names listed entries that are no longer gaps (stale). It also names where our shape is stricter
 * than DataHub's (a field we require that DataHub does not, a symbol of DataHub's enum we refuse, a
 * type that differs): each would refuse a value DataHub accepts. Exits 1 when any gap or strictness
 * is not accepted, so a new declaration that misses one of DataHub's checks is found.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Fields, Spec } from '../src/model/aspects/define.ts';
import { ASPECTS } from '../src/model/aspects/index.ts';
import { ACCEPTED_GAPS } from './aspect-audit-accepted.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** One finding: the aspect, the field path (`owners[].type`), what kind, and the detail. */
export interface Finding {
  aspect: string;
  path: string;
  kind: 'required' | 'enum' | 'stricter';
  detail: string;
}

/** An Avro type as DataHub's bundle writes it: a name, a union (a list), or a type object. */
type Avro = string | readonly Avro[] | AvroNode;
interface AvroNode {
  readonly type: string | Avro;
  readonly name?: string;
  readonly namespace?: string;
  readonly fields?: readonly AvroField[];
  readonly symbols?: readonly string[];
  readonly items?: Avro;
  readonly values?: Avro;
  readonly Aspect?: { readonly name: string };
}
interface AvroField {
  readonly name: string;
  readonly type: Avro;
  readonly default?: unknown;
}

/** The path of DataHub's Avro bundle in the interop virtualenv. */
export function schemaBundlePath(): string {
  const python = join(ROOT, '.venv-interop', 'bin', 'python');
  const r = spawnSync(
    python,
    ['-c', 'import datahub.metadata as m, os; print(os.path.join(os.path.dirname(m.__file__), "schema.avsc"))'],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) {
    throw new Error(
      `aspect-audit: cannot find acryl-datahub in .venv-interop (run scripts/setup.sh): ${r.error?.message ?? r.stderr.trim()}`,
    );
  }
  return r.stdout.trim();
}

/** DataHub's aspect records by aspect name, and every named type by full name (read in order, as Avro defines them). */
function loadBundle(path: string): { aspects: Map<string, AvroNode>; named: Map<string, AvroNode> } {
  const named = new Map<string, AvroNode>();
  const aspects = new Map<string, AvroNode>();
  const visit = (t: Avro, ns: string | undefined): void => {
    if (typeof t === 'string') return;
    if (isUnion(t)) {
      for (const b of t) visit(b, ns);
      return;
    }
    if (t.type === 'record' || t.type === 'enum' || t.type === 'fixed') {
      const space = t.namespace ?? ns;
      const name = t.name ?? '';
      named.set(name.includes('.') ? name : `${space}.${name}`, t);
      if (t.Aspect) aspects.set(t.Aspect.name, t);
      for (const f of t.fields ?? []) visit(f.type, space);
      return;
    }
    if (t.items !== undefined) visit(t.items, ns);
    else if (t.values !== undefined) visit(t.values, ns);
    else if (typeof t.type === 'object') visit(t.type, ns);
  };
  const bundle = JSON.parse(readFileSync(path, 'utf8')) as Avro[];
  for (const t of bundle) visit(t, undefined);
  return { aspects, named };
}

const isUnion = (t: Avro): t is readonly Avro[] => Array.isArray(t);

const PRIMITIVES = new Set(['null', 'boolean', 'int', 'long', 'float', 'double', 'bytes', 'string']);

/** Our spec's kind at one place: a compiled view of `Spec` (`any` = not checked). */
type Ours = { kind: 'any' } | { kind: 'spec'; spec: Exclude<Spec, 'any'> };

function ours(spec: Spec | undefined): Ours {
  return spec === undefined || spec === 'any' ? { kind: 'any' } : { kind: 'spec', spec };
}

/** Walks DataHub's type `t` at `path` beside our spec there; pushes what DataHub checks and we do not. */
function audit(aspect: string, top: AvroNode, our: Fields, named: Map<string, AvroNode>): Finding[] {
  const out: Finding[] = [];
  const push = (path: string, kind: Finding['kind'], detail: string) => out.push({ aspect, path, kind, detail });

  /** The type a name or a wrapper stands for, and the namespace names inside it resolve in. */
  const resolve = (t: Avro, ns: string | undefined): { t: string | AvroNode; ns: string | undefined } => {
    if (typeof t === 'string') {
      if (PRIMITIVES.has(t)) return { t, ns };
      const full = t.includes('.') ? t : `${ns}.${t}`;
      const n = named.get(full) ?? named.get(t);
      if (!n) throw new Error(`aspect-audit: ${aspect}: unknown Avro type ${t}`);
      return { t: n, ns: n.namespace ?? full.slice(0, full.lastIndexOf('.')) };
    }
    if (isUnion(t)) throw new Error(`aspect-audit: ${aspect}: a union where a single type was expected`);
    if (typeof t.type === 'object') return resolve(t.type, ns);
    return { t, ns: t.namespace ?? ns };
  };

  const record = (rec: AvroNode, ns: string | undefined, o: Ours, path: string, stack: ReadonlySet<string>): void => {
    const fullName = `${rec.namespace ?? ns}.${rec.name}`;
    if (stack.has(fullName)) return; // a recursive type: its fields were audited one level up
    const inner = new Set(stack).add(fullName);
    const fields: Fields | null =
      o.kind === 'spec' && typeof o.spec === 'object' && 'record' in o.spec ? o.spec.record : null;
    const known = new Set<string>();
    for (const f of rec.fields ?? []) {
      const p = path ? `${path}.${f.name}` : f.name;
      const nullable = isUnion(f.type) && f.type.includes('null');
      const required = !nullable && !('default' in f);
      const oursRequired = fields ? Object.hasOwn(fields, f.name) : false;
      known.add(f.name);
      if (required && !oursRequired) push(p, 'required', 'DataHub requires it (no default); not required here');
      if (!required && oursRequired) {
        push(p, 'stricter', `required here; DataHub ${nullable ? 'makes it optional' : 'has a default'}`);
      }
      const spec = fields ? (fields[f.name] ?? fields[`${f.name}?`]) : undefined;
      type_(f.type, ns === undefined ? rec.namespace : (rec.namespace ?? ns), ours(spec), p, inner);
    }
    if (fields) {
      for (const raw of Object.keys(fields)) {
        const name = raw.endsWith('?') ? raw.slice(0, -1) : raw;
        if (!known.has(name) && !raw.endsWith('?')) {
          push(path ? `${path}.${name}` : name, 'stricter', 'required here; DataHub has no such field');
        }
      }
    }
  };

  const type_ = (raw: Avro, ns0: string | undefined, o: Ours, path: string, stack: ReadonlySet<string>): void => {
    let t0 = raw;
    if (isUnion(t0)) {
      const branches = t0.filter((b) => b !== 'null');
      if (branches.length !== 1) return; // a union of several types: DataHub's JSON keys it by type; not audited
      t0 = branches[0]!;
    }
    const { t, ns } = resolve(t0, ns0);
    const spec = o.kind === 'spec' ? o.spec : null;
    if (typeof t === 'string') {
      if (spec === null) return;
      const want: Record<string, string[]> = {
        string: ['string', 'urn', 'enum'],
        boolean: ['boolean'],
        int: ['number'],
        long: ['number'],
        float: ['number'],
        double: ['number'],
        bytes: ['string'],
      };
      const k = specKind(spec);
      if (!(want[t] ?? []).includes(k)) push(path, 'stricter', `a ${k} here; DataHub's type is ${t}`);
      return;
    }
    const obj = t;
    switch (obj.type) {
      case 'enum': {
        const symbols = obj.symbols ?? [];
        if (spec === null || specKind(spec) !== 'enum') {
          push(path, 'enum', `DataHub's ${obj.name}: ${symbols.join(', ')}`);
          if (spec !== null && specKind(spec) !== 'string') {
            push(path, 'stricter', `a ${specKind(spec)} here; DataHub's type is the enum ${obj.name}`);
          }
          return;
        }
        const mine = (spec as { enum: readonly string[] }).enum;
        const missing = symbols.filter((s) => !mine.includes(s));
        if (missing.length) push(path, 'stricter', `refuses ${missing.join(', ')} of DataHub's ${obj.name}`);
        const extra = mine.filter((s) => !symbols.includes(s));
        if (extra.length) push(path, 'enum', `accepts ${extra.join(', ')}, not in DataHub's ${obj.name}`);
        return;
      }
      case 'record': {
        if (spec !== null && specKind(spec) !== 'record' && specKind(spec) !== 'object') {
          push(path, 'stricter', `a ${specKind(spec)} here; DataHub's type is the record ${obj.name}`);
          return;
        }
        record(obj, ns, spec !== null && specKind(spec) === 'record' ? o : { kind: 'any' }, path, stack);
        return;
      }
      case 'array': {
        if (spec !== null && specKind(spec) !== 'array') {
          push(path, 'stricter', `a ${specKind(spec)} here; DataHub's type is an array`);
          return;
        }
        const item = spec !== null ? ours((spec as { array: Spec }).array) : ({ kind: 'any' } as Ours);
        type_(obj.items ?? 'null', ns, item, `${path}[]`, stack);
        return;
      }
      case 'map': {
        if (spec !== null && specKind(spec) !== 'map' && specKind(spec) !== 'object') {
          push(path, 'stricter', `a ${specKind(spec)} here; DataHub's type is a map`);
          return;
        }
        const item =
          spec !== null && specKind(spec) === 'map' ? ours((spec as { map: Spec }).map) : ({ kind: 'any' } as Ours);
        type_(obj.values ?? 'null', ns, item, `${path}{}`, stack);
        return;
      }
      default:
        return; // fixed: not in the aspects we declare
    }
  };

  record(top, top.namespace, { kind: 'spec', spec: { record: our } }, '', new Set());
  return out;
}

function specKind(s: Exclude<Spec, 'any'>): string {
  if (typeof s === 'string') return s;
  if ('urn' in s) return 'urn';
  if ('enum' in s) return 'enum';
  if ('array' in s) return 'array';
  if ('map' in s) return 'map';
  return 'record';
}

export interface AuditResult {
  /** Aspects audited: declared with a shape here, defined by DataHub. */
  audited: string[];
  /** Declared with a shape here, not in DataHub's schema (ours, or newer than the pinned release). */
  oursOnly: string[];
  /** Every finding, accepted or not. */
  findings: Finding[];
  /** Findings no ACCEPTED_GAPS entry covers: the count the audit reports. */
  open: Finding[];
  /** ACCEPTED_GAPS entries that cover no finding (the gap was closed: remove the entry). */
  stale: string[];
}

export function runAudit(bundlePath = schemaBundlePath()): AuditResult {
  const { aspects, named } = loadBundle(bundlePath);
  const audited: string[] = [];
  const oursOnly: string[] = [];
  const findings: Finding[] = [];
  for (const a of ASPECTS) {
    if (!a.fields) continue;
    const theirs = aspects.get(a.name);
    if (!theirs) {
      oursOnly.push(a.name);
      continue;
    }
    audited.push(a.name);
    findings.push(...audit(a.name, theirs, a.fields, named));
  }
  const keys = Object.keys(ACCEPTED_GAPS);
  const used = new Set<string>();
  const open = findings.filter((f) => {
    const k = keys.find((key) => acceptedBy(key, f));
    if (k) used.add(k);
    return !k;
  });
  return { audited, oursOnly, findings, open, stale: keys.filter((k) => !used.has(k)) };
}

/**
 * Whether an ACCEPTED_GAPS key covers a finding: `aspect` covers all of the aspect's; `aspect path`
 * the findings at that path and below it; `aspect path kind` that one finding.
 */
function acceptedBy(key: string, f: Finding): boolean {
  const [aspect, path, kind] = key.split(' ');
  if (aspect !== f.aspect) return false;
  if (path === undefined) return true;
  if (kind !== undefined) return path === f.path && kind === f.kind;
  return f.path === path || (f.path.startsWith(path) && '.[{'.includes(f.path[path.length]!));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = runAudit();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(r, null, 1));
  } else {
    let aspect = '';
    for (const f of r.open) {
      if (f.aspect !== aspect) console.log((aspect = f.aspect));
      console.log(`  ${f.path}  ${f.kind}: ${f.detail}`);
    }
    for (const k of r.stale) console.log(`stale accepted entry (no longer a finding): ${k}`);
    const by = (k: Finding['kind']) => r.open.filter((f) => f.kind === k).length;
    console.log(
      `${r.audited.length} aspects audited (${r.oursOnly.length} declared here are not in DataHub's schema); ` +
        `${r.findings.length - r.open.length} findings accepted with a reason; ` +
        `${r.open.length} open: ${by('required')} required, ${by('enum')} enum, ${by('stricter')} stricter`,
    );
  }
  process.exitCode = r.open.length || r.stale.length ? 1 : 0;
}
