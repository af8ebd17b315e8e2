/**
 * How tags, glossary terms, owners, platforms and entity links look everywhere: a tag is a pill with
 * its colour, each links to its own page, and each may carry a remove button named for what it removes.
 */
import type { ComponentChildren } from 'preact';
import type { LabelView, OwnerView, TagView } from '../api/entities.ts';
import { safeColor } from '../lib/format.ts';
import { entityPath } from '../routes.ts';

function RemoveButton({ label, onRemove, disabled }: { label: string; onRemove: () => void; disabled?: boolean }) {
  return (
    <button type="button" class="chip-remove" aria-label={label} title={label} onClick={onRemove} disabled={disabled}>
      ×
    </button>
  );
}

export function TagChip({ tag, onRemove, busy }: { tag: TagView; onRemove?: () => void; busy?: boolean }) {
  const color = safeColor(tag.colorHex);
  return (
    <span class="chip chip-tag" title={tag.description ?? tag.name}>
      <span class="tag-dot" style={color ? { background: color } : undefined} aria-hidden="true" />
      <a href={entityPath(tag.urn)}>{tag.name}</a>
      {onRemove && <RemoveButton label={`Remove tag ${tag.name}`} onRemove={onRemove} disabled={busy} />}
    </span>
  );
}

export function TermChip({ term, onRemove, busy }: { term: LabelView; onRemove?: () => void; busy?: boolean }) {
  return (
    <span class="chip chip-term" title={term.name}>
      <span class="term-icon" aria-hidden="true">
        ◆
      </span>
      <a href={entityPath(term.urn)}>{term.name}</a>
      {onRemove && <RemoveButton label={`Remove term ${term.name}`} onRemove={onRemove} disabled={busy} />}
    </span>
  );
}

export function OwnerChip({ owner, onRemove, busy }: { owner: OwnerView; onRemove?: () => void; busy?: boolean }) {
  return (
    <span class="chip chip-owner" title={owner.role ? `${owner.name} · ${owner.role}` : owner.name}>
      <span class={owner.kind === 'group' ? 'avatar avatar-group' : 'avatar'} aria-hidden="true">
        {owner.name.charAt(0).toUpperCase()}
      </span>
      <a href={entityPath(owner.urn)}>{owner.name}</a>
      {owner.role && <span class="chip-note">{owner.role}</span>}
      {onRemove && <RemoveButton label={`Remove owner ${owner.name}`} onRemove={onRemove} disabled={busy} />}
    </span>
  );
}

export function DomainChip({ domain, onRemove, busy }: { domain: LabelView; onRemove?: () => void; busy?: boolean }) {
  return (
    <span class="chip chip-domain" title={domain.name}>
      <span aria-hidden="true">▣</span>
      <a href={entityPath(domain.urn)}>{domain.name}</a>
      {onRemove && <RemoveButton label={`Remove domain ${domain.name}`} onRemove={onRemove} disabled={busy} />}
    </span>
  );
}

export function PlatformBadge({ platform }: { platform: LabelView }) {
  return (
    <span class="platform" title={platform.urn}>
      <span class="platform-logo" aria-hidden="true">
        {platform.name.charAt(0).toUpperCase()}
      </span>
      {platform.name}
    </span>
  );
}

export function EntityLink({ urn, tab, children }: { urn: string; tab?: string; children: ComponentChildren }) {
  return (
    <a href={entityPath(urn, tab)} class="entity-link">
      {children}
    </a>
  );
}
