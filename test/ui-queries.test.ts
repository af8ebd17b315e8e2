/**
 * Every GraphQL document the web UI sends is valid against the server's schema: a renamed or
 * retyped field in the SDL fails here rather than as an error on a page.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse, validate } from 'graphql';
import { getSchema } from '../src/server/graphql/schema.ts';
import { MUTATIONS } from '../src/ui/api/edits.ts';
import { ACTIVE_INCIDENTS_QUERY, RAISE_INCIDENT, UPDATE_INCIDENT_STATUS } from '../src/ui/api/incidents.ts';
import { TYPENAME } from '../src/ui/api/entities.ts';
import { entityQuery, LINEAGE_QUERY, ME_QUERY, RELATED_QUERY, SCHEMA_QUERY } from '../src/ui/api/queries.ts';
import { AGGREGATE, AUTOCOMPLETE, SEARCH } from '../src/ui/api/search.ts';

function errorsOf(doc: string): string[] {
  return validate(getSchema(), parse(doc)).map((e) => e.message);
}

describe("the web UI's GraphQL documents", () => {
  const named: Array<[string, string]> = [
    ['search', SEARCH],
    ['aggregate', AGGREGATE],
    ['autocomplete', AUTOCOMPLETE],
    ['me', ME_QUERY],
    ['schema', SCHEMA_QUERY],
    ['lineage', LINEAGE_QUERY],
    ['related', RELATED_QUERY],
    ...Object.keys(TYPENAME).map((t): [string, string] => [`entity page of ${t}`, entityQuery(`urn:li:${t}:x`)]),
    ['entity page of an unknown type', entityQuery('urn:li:somethingNew:x')],
    ...MUTATIONS.map((m): [string, string] => [m.split('(')[0]!, m]),
    ['active incidents', ACTIVE_INCIDENTS_QUERY],
    ['raiseIncident', RAISE_INCIDENT],
    ['updateIncidentStatus', UPDATE_INCIDENT_STATUS],
  ];
  for (const [name, doc] of named) {
    it(`${name} is valid`, () => assert.deepEqual(errorsOf(doc), []));
  }
});
