/** An entity's custom properties and identity: urn, platform, environment, qualified name, external link. */
import type { ComponentChildren } from 'preact';
import type { EntityView } from '../api/entities.ts';
import { formatTime } from '../lib/format.ts';
import { PropertyTable } from './EntityLayout.tsx';

export function PropertiesTab({ entity }: { entity: EntityView }) {
  const r = entity.raw;
  const details: Array<[string, ComponentChildren]> = [['URN', <code class="urn">{entity.urn}</code>]];
  if (entity.platform) details.push(['Platform', entity.platform.name]);
  if (r.origin) details.push(['Environment', r.origin]);
  if (r.properties?.qualifiedName) details.push(['Qualified name', <code>{r.properties.qualifiedName}</code>]);
  if (r.subTypes?.typeNames?.length) details.push(['Sub types', r.subTypes.typeNames.join(', ')]);
  if (typeof r.properties?.created === 'number' && r.properties.created > 0)
    details.push(['Created', formatTime(r.properties.created)]);
  if (entity.externalUrl) {
    const safe = /^https?:\/\//i.test(entity.externalUrl);
    details.push([
      'External link',
      safe ? (
        <a href={entity.externalUrl} target="_blank" rel="noopener noreferrer">
          {entity.externalUrl}
        </a>
      ) : (
        entity.externalUrl
      ),
    ]);
  }
  return (
    <section aria-labelledby="props-title">
      <h2 id="props-title" class="panel-title">
        Properties
      </h2>
      <PropertyTable caption="Custom properties" rows={entity.customProperties.map(([k, v]) => [k, v])} />
      <h3 class="panel-subtitle">Details</h3>
      <PropertyTable caption="Details" rows={details} />
    </section>
  );
}
