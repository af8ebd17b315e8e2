/** One entity in a list (search results, what a user owns, what a tag marks). */
import type { EntityView } from '../api/entities.ts';
import { markdownSnippet } from '../lib/markdown.ts';
import { entityPath } from '../routes.ts';
import { OwnerChip, PlatformBadge, TagChip } from './labels.tsx';

export function EntityCard({ entity, headingLevel = 3 }: { entity: EntityView; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const snippet = markdownSnippet(entity.description);
  return (
    <article class="card entity-card">
      <div class="card-meta">
        <span class="kind">{entity.kind}</span>
        {entity.platform && <PlatformBadge platform={entity.platform} />}
        {entity.deprecation?.deprecated && <span class="badge badge-warn">Deprecated</span>}
      </div>
      <Heading class="card-title">
        <a href={entityPath(entity.urn)}>{entity.name}</a>
      </Heading>
      {snippet ? <p class="snippet">{snippet}</p> : <p class="snippet muted">No description</p>}
      {(entity.tags.length > 0 || entity.owners.length > 0) && (
        <div class="card-labels">
          {entity.tags.map((t) => (
            <TagChip key={t.urn} tag={t} />
          ))}
          {entity.owners.slice(0, 4).map((o) => (
            <OwnerChip key={o.urn} owner={o} />
          ))}
          {entity.owners.length > 4 && <span class="muted">+{entity.owners.length - 4} owners</span>}
        </div>
      )}
    </article>
  );
}
