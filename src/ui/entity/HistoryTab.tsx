/**
 * What changed, when and by whom, from the stored aspect versions: the timeline the server computes
 * (GET /openapi/v2/timeline/v1/{urn}, the one `datahub timeline` reads), newest change first; above
 * it, what is not pushed yet to each remote named in the data file (GET /catalog/v1/sync/unpushed/{urn}).
 */
import { useId, useState } from 'preact/hooks';
import { getJson } from '../api/client.ts';
import { nameFromUrn, type EntityView } from '../api/entities.ts';
import { useQuery } from '../api/useQuery.ts';
import { Empty, ErrorBox, Loading } from '../components/basics.tsx';
import { EntityLink } from '../components/labels.tsx';
import { formatTime, relativeTime } from '../lib/format.ts';

export const CATEGORIES = [
  'DOCUMENTATION',
  'TAG',
  'GLOSSARY_TERM',
  'OWNERSHIP',
  'TECHNICAL_SCHEMA',
  'DOMAIN',
  'DEPRECATION',
] as const;
const CATEGORY_NAMES: Record<string, string> = {
  DOCUMENTATION: 'Documentation',
  TAG: 'Tags',
  GLOSSARY_TERM: 'Glossary terms',
  OWNERSHIP: 'Owners',
  TECHNICAL_SCHEMA: 'Schema',
  DOMAIN: 'Domain',
  DEPRECATION: 'Deprecation',
};

interface ChangeEvent {
  entityUrn: string;
  category: string;
  operation: string;
  modifier?: string;
  description: string;
  auditStamp: { time: number; actor: string };
}

interface Transaction {
  timestamp: number;
  actor: string;
  semVer: string;
  semVerChange: string;
  changeEvents: ChangeEvent[];
}

/** The timeline's address: every category, from the beginning (startTime=0) to now. */
export function timelinePath(urn: string): string {
  const params = new URLSearchParams();
  for (const c of CATEGORIES) params.append('categories', c);
  params.set('startTime', '0');
  return `/openapi/v2/timeline/v1/${encodeURIComponent(urn)}?${params}`;
}

function column(e: ChangeEvent): string | undefined {
  const m = /^urn:li:schemaField:\(.*,([^,]*)\)$/.exec(e.entityUrn);
  return m ? decodeURIComponent(m[1]!) : undefined;
}

interface Unpushed {
  remotes: Array<{ name: string; location: string; aspects: string[] }>;
}

/** The entity's changes not yet pushed, per remote; nothing when there is no remote or all is pushed. */
function UnpushedChanges({ urn }: { urn: string }) {
  const unpushed = useQuery(`unpushed:${urn}`, () =>
    getJson<Unpushed>(`/catalog/v1/sync/unpushed/${encodeURIComponent(urn)}`),
  );
  if (unpushed.error) return <ErrorBox error={unpushed.error} title="What is not pushed yet could not be loaded" />;
  if (!unpushed.data || unpushed.data.remotes.length === 0) return null;
  return (
    <section aria-labelledby="unpushed-title" class="banner banner-warn">
      <div class="banner-body">
        <h3 id="unpushed-title" class="banner-title">
          Not pushed yet
        </h3>
        <ul class="banner-meta">
          {unpushed.data.remotes.map((r) => (
            <li key={r.name}>
              to <strong>{r.name}</strong> <span class="muted">({r.location})</span>:{' '}
              {r.aspects.map((a, i) => (
                <span key={a}>
                  {i > 0 && ', '}
                  <code>{a}</code>
                </span>
              ))}{' '}
              <span class="muted">
                — <code>catalog push {r.name}</code> sends them
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function HistoryTab({ entity }: { entity: EntityView }) {
  const timeline = useQuery(`history:${entity.urn}`, () => getJson<Transaction[]>(timelinePath(entity.urn)));
  const [category, setCategory] = useState('');
  const selectId = useId();
  if (timeline.error) return <ErrorBox error={timeline.error} title="The history could not be loaded" />;
  if (!timeline.data) return <Loading what="Loading the history" />;
  const transactions = timeline.data
    .map((t) => ({
      ...t,
      changeEvents: category ? t.changeEvents.filter((e) => e.category === category) : t.changeEvents,
    }))
    .filter((t) => t.changeEvents.length > 0)
    .reverse();
  return (
    <section aria-labelledby="history-title" class="history">
      <UnpushedChanges urn={entity.urn} />
      <div class="schema-toolbar">
        <h2 id="history-title" class="panel-title">
          History
        </h2>
        <div>
          <label for={selectId} class="field-label-inline">
            Show
          </label>{' '}
          <select
            id={selectId}
            class="input input-inline"
            value={category}
            onChange={(e) => setCategory((e.currentTarget as HTMLSelectElement).value)}
          >
            <option value="">all changes</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {CATEGORY_NAMES[c]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {transactions.length === 0 ? (
        <Empty>No recorded changes{category ? ` to ${CATEGORY_NAMES[category]!.toLowerCase()}` : ''}.</Empty>
      ) : (
        <ol class="timeline">
          {transactions.map((t) => (
            <li key={`${t.timestamp}-${t.semVer}`} class="timeline-item">
              <div class="timeline-head">
                <time dateTime={new Date(t.timestamp).toISOString()} title={formatTime(t.timestamp)}>
                  {relativeTime(t.timestamp)}
                </time>{' '}
                by <EntityLink urn={t.actor}>{nameFromUrn(t.actor)}</EntityLink>
                <span class="muted">
                  {' '}
                  · {formatTime(t.timestamp)} · version {t.semVer}
                </span>
              </div>
              <ul class="timeline-events">
                {t.changeEvents.map((e, i) => {
                  const col = column(e);
                  return (
                    <li key={i}>
                      <span class={`op op-${e.operation.toLowerCase()}`}>{e.operation}</span>{' '}
                      <span class="badge">{CATEGORY_NAMES[e.category] ?? e.category}</span>
                      {col && <code class="field-ref">{col}</code>} {e.description}
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
