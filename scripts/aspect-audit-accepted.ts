/**
 * The findings of scripts/aspect-audit.ts not closed, each with its reason. A key is `aspect` (all of
 * its findings), `aspect path` (the findings at that field path and below it) or `aspect path kind`
 * (one finding, as the audit prints it: `ownership owners[].type required`). docs/datahub/rest-cli.md
 * §7.2 sums up what is checked on write and what is not yet.
 */

/** A timeseries aspect's event time: every timeseries write checks it first, with its own message. */
const EVENT_TIME =
  'checked for every timeseries aspect by the store of events (src/model/timeseries.ts: eventKey), which refuses an event without its time in epoch milliseconds with its own message, before the aspect is written';

export const ACCEPTED_GAPS: Readonly<Record<string, string>> = {
  'datasetProfile timestampMillis required': EVENT_TIME,
  'datasetUsageStatistics timestampMillis required': EVENT_TIME,
};
