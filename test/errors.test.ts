// The error family's location: errors carry where they happened as data, and locatedError() makes a
// new error with a location added, its message composed in one place (issue 33, item 6).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  AspectValidationError,
  BadRequestError,
  CatalogError,
  InvalidPatchError,
  InvalidUrnError,
  locatedError,
  locationText,
  NotFoundError,
} from '../src/errors.ts';

describe('located errors', () => {
  it('locatedError returns a new error of the same class; the original is left as it was', () => {
    const base = new AspectValidationError('globalTags', 'tags[0].tag', 'expected a string, got number 7');
    const located = locatedError(base, { path: '[2].globalTags.value' });
    assert.notEqual(located, base);
    assert.ok(
      located instanceof AspectValidationError && located instanceof BadRequestError && located instanceof CatalogError,
    );
    assert.equal(
      located.message,
      '[2].globalTags.value: Invalid globalTags at tags[0].tag: expected a string, got number 7',
    );
    assert.equal(located.baseMessage, 'Invalid globalTags at tags[0].tag: expected a string, got number 7');
    assert.deepEqual(located.location, { path: '[2].globalTags.value' });
    assert.deepEqual(
      [located.name, located.type, located.code, located.aspectName, located.path],
      ['AspectValidationError', 'BAD_REQUEST', 400, 'globalTags', 'tags[0].tag'],
    );
    assert.equal(base.message, 'Invalid globalTags at tags[0].tag: expected a string, got number 7');
    assert.equal(base.location, undefined);
  });

  it('composes source, line, column, record and path in one order; an index is data, not text', () => {
    assert.equal(locationText({ source: 'mces.json', record: 3 }), 'mces.json: record 3');
    assert.equal(locationText({ source: 'mces.jsonl', line: 4, record: 4 }), 'mces.jsonl:4: record 4');
    assert.equal(locationText({ source: 'tag.yaml', line: 2, column: 7 }), 'tag.yaml:2:7');
    assert.equal(locationText({ source: 'tag.yaml', column: 7 }), 'tag.yaml', 'a column without a line says nothing');
    assert.equal(locationText({ index: 5 }), '');
    const patch = locatedError(new InvalidPatchError('tagProperties', 'the target does not exist'), { index: 5 });
    assert.equal(patch.message, 'Invalid patch of tagProperties: the target does not exist');
    assert.equal(patch.location?.index, 5);
    const named = locatedError(patch, { source: 'bad-patch.json', record: 2 });
    assert.equal(named.message, 'bad-patch.json: record 2: Invalid patch of tagProperties: the target does not exist');
    assert.deepEqual(named.location, { index: 5, source: 'bad-patch.json', record: 2 });
  });

  it('locating twice puts the outer path in front of the inner one', () => {
    const urn = locatedError(new InvalidUrnError('urn:li:x', 'unknown entity type'), { path: 'urn' });
    assert.equal(locatedError(urn, { path: '[0]' }).message, '[0].urn: Invalid urn "urn:li:x": unknown entity type');
    assert.equal(
      locatedError(locatedError(urn, { path: 'tags' }), { path: 'entities[1]' }).message,
      'entities[1].tags.urn: Invalid urn "urn:li:x": unknown entity type',
    );
    assert.equal(
      locatedError(urn, { source: 'a.json', record: 1 }).message,
      'a.json: record 1: urn: Invalid urn "urn:li:x": unknown entity type',
    );
  });

  it('keeps the cause and the status of the error it locates', () => {
    const cause = new Error('disk');
    const located = locatedError(new BadRequestError('bad', { cause }), { path: 'proposal' });
    assert.equal(located.cause, cause);
    const missing = locatedError(new NotFoundError('Entity urn:li:tag:x not found'), { path: 'urn' });
    assert.ok(missing instanceof NotFoundError);
    assert.equal(missing.code, 404);
    assert.equal(missing.message, 'urn: Entity urn:li:tag:x not found');
  });
});
