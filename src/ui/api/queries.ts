/**
 * The GraphQL documents the UI's pages send (search's are in search.ts, the edits' in edits.ts).
 * test/ui-queries.test.ts validates every one against the server's schema.
 */
import { fullSelection, SUMMARY_SELECTION } from './entities.ts';

/** One entity by urn, with everything its type's page shows. */
export function entityQuery(urn: string): string {
  return `query uiEntity($urn: String!) { entity(urn: $urn) { ${fullSelection(urn)} } }`;
}

export const ME_QUERY = 'query uiMe { me { corpUser { urn username properties { displayName } } } }';

const TAG_FIELDS = 'tags { tags { tag { urn name properties { name colorHex description } } } }';
export const SCHEMA_QUERY = `query uiSchema($urn: String!) {
  dataset(urn: $urn) {
    urn
    schemaMetadata { name version primaryKeys fields { fieldPath type nativeDataType description nullable isPartOfKey label ${TAG_FIELDS} glossaryTerms { terms { term { urn name properties { name } } } } } }
  }
}`;

export const LINEAGE_QUERY = `query uiLineage($up: SearchAcrossLineageInput!, $down: SearchAcrossLineageInput!) {
  up: searchAcrossLineage(input: $up) { total searchResults { degree paths { path { urn } } entity { ${SUMMARY_SELECTION} } } }
  down: searchAcrossLineage(input: $down) { total searchResults { degree paths { path { urn } } entity { ${SUMMARY_SELECTION} } } }
}`;

export const RELATED_QUERY = `query uiRelated($urn: String!, $input: RelationshipsInput!) {
  entity(urn: $urn) { urn relationships(input: $input) { total relationships { type entity { ${SUMMARY_SELECTION} } } } }
}`;
