/**
 * The `timeseries` table: the events of timeseries aspects by [urn, aspect, time, partition], read
 * in a time range either way; the keys of an urn's events, by aspect or range (a write scope removes them).
 */
import { keyAfter, namedDamage, ValueDamage } from './checksum.ts';
import { AFTER, KeyWalkError, sameKey, type KeyRange, type Walk, type WalkEntries } from './keyWalks.ts';
import type { SeriesKey, Tables, TimeRange, TimeseriesRow } from './tables.ts';

type Series = Tables['series'];

/** The keys of one aspect's events of `urn` within the time range. */
function seriesRange(urn: string, aspectName: string, range: TimeRange): KeyRange<SeriesKey> {
  const from = range.startTimeMillis ?? -Number.MAX_SAFE_INTEGER;
  return {
    start: [urn, aspectName, from, ''],
    end:
      range.endTimeMillis == null ? [urn, aspectName + AFTER, 0, ''] : [urn, aspectName, range.endTimeMillis + 1, ''],
  };
}

/** The events of one timeseries aspect of `urn` in the time range, oldest first. */
export function timeseries(
  walkEntries: WalkEntries,
  series: Series,
  urn: string,
  aspectName: string,
  range: TimeRange,
): TimeseriesRow[] {
  const out: TimeseriesRow[] = [];
  for (const { key, value } of walkEntries('timeseries', series, seriesRange(urn, aspectName, range))) {
    out.push({ ...value, timestampMillis: key[2] });
  }
  return out;
}

/** The same events newest first, read lazily. `path` names the data file in errors. */
export function* timeseriesNewestFirst(
  path: string,
  series: Series,
  urn: string,
  aspectName: string,
  range: TimeRange,
): Generator<TimeseriesRow> {
  const { end } = seriesRange(urn, aspectName, range);
  // A reverse walk from the range's upper bound down to [urn, aspect] (which sorts before every
  // event of it). LMDB checks nothing for us here, so each key is checked to stay in the range (the
  // walk starts at the bound, which may itself be a key), stop below its start, and move down.
  let previous: SeriesKey | undefined;
  let seen: SeriesKey | undefined;
  const walk = { start: end, end: [urn, aspectName] as unknown as SeriesKey, reverse: true };
  try {
    for (const { key, value } of series.getRange(walk)) {
      const k = key as SeriesKey;
      seen = k;
      if (k[0] !== urn || k[1] !== aspectName) {
        if (k[0] === urn && k[1] > aspectName) continue;
        return;
      }
      if (range.endTimeMillis != null && k[2] > range.endTimeMillis) continue;
      if (range.startTimeMillis != null && k[2] < range.startTimeMillis) return;
      if (previous && (k[2] > previous[2] || (k[2] === previous[2] && k[3] >= previous[3])))
        throw new KeyWalkError(path, 'timeseries', k, previous);
      previous = k;
      yield { ...value, timestampMillis: k[2] };
    }
  } catch (e) {
    // A damaged event (checksum.ts) is named by its key: the next one down from the last read.
    if (!(e instanceof ValueDamage)) throw e;
    throw namedDamage(path, 'timeseries', keyAfter(series, walk, seen, sameKey), e);
  }
}

/** The names of the timeseries aspects `urn` has events of. */
export function timeseriesAspects(walk: Walk, series: Series, urn: string): string[] {
  const names: string[] = [];
  let start: SeriesKey = [urn, '', 0, ''];
  for (;;) {
    const next = walk('timeseries', series, { start, end: [urn + AFTER, '', 0, ''], limit: 1 }).next().value;
    if (!next) return names;
    names.push(next[1]);
    start = [urn, next[1] + AFTER, 0, ''];
  }
}

/** The keys of the events of `urn` (of one aspect, in a time range, when given). */
export function seriesKeys(
  walk: Walk,
  series: Series,
  urn: string,
  aspectName: string | undefined,
  range: TimeRange,
): SeriesKey[] {
  const keyRange: KeyRange<SeriesKey> =
    aspectName === undefined
      ? { start: [urn, '', 0, ''], end: [urn + AFTER, '', 0, ''] }
      : seriesRange(urn, aspectName, range);
  return Array.from(walk('timeseries', series, keyRange));
}
