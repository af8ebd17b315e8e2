/**
 * An entity's page: loads it by urn (one `entity(urn)` query selecting what its type has) and hands
 * it to the page of its type; a urn with nothing stored gets the not-found page.
 */
import { gqlPartial } from '../api/client.ts';
import { toView, type EntityView, type RawEntity } from '../api/entities.ts';
import { entityQuery } from '../api/queries.ts';
import { useQuery } from '../api/useQuery.ts';
import { ErrorBox, Loading, useTitle } from '../components/basics.tsx';
import { NotFound } from '../pages/NotFound.tsx';
import { DatasetPage } from './DatasetPage.tsx';
import { GenericPage } from './GenericPage.tsx';
import {
  ContainerPage,
  DomainPage,
  GlossaryNodePage,
  GlossaryTermPage,
  GroupPage,
  TagPage,
  UserPage,
} from './TypePages.tsx';

export interface PageProps {
  entity: EntityView;
  tab: string | undefined;
  reload: () => Promise<void>;
}

async function loadEntity(urn: string): Promise<EntityView | null> {
  const { data, errors } = await gqlPartial<{ entity: RawEntity | null }>(entityQuery(urn), { urn });
  if (data?.entity) return toView(data.entity);
  // A urn the server refuses (malformed, too long) is as missing as one with nothing stored.
  if (errors.length > 0 && !errors.every((e) => e.code === 400 || e.code === 404)) throw errors[0]!;
  return null;
}

export function EntityPage({ urn, tab }: { urn: string; entityType: string; tab?: string }) {
  const loaded = useQuery(urn, () => loadEntity(urn));
  useTitle(loaded.data?.name ?? (loaded.data === null ? 'Not found' : ''));
  if (loaded.error) return <ErrorBox error={loaded.error} title="This page could not be loaded" />;
  if (loaded.data === undefined) return <Loading />;
  if (loaded.data === null) return <NotFound urn={urn} />;
  const props: PageProps = { entity: loaded.data, tab, reload: loaded.reload };
  switch (loaded.data.typename) {
    case 'Dataset':
      return <DatasetPage {...props} />;
    case 'CorpUser':
      return <UserPage {...props} />;
    case 'CorpGroup':
      return <GroupPage {...props} />;
    case 'Tag':
      return <TagPage {...props} />;
    case 'GlossaryTerm':
      return <GlossaryTermPage {...props} />;
    case 'GlossaryNode':
      return <GlossaryNodePage {...props} />;
    case 'Domain':
      return <DomainPage {...props} />;
    case 'Container':
      return <ContainerPage {...props} />;
    default:
      return <GenericPage {...props} />;
  }
}
