/**
 * Checks of an ingestion source's schedule, as DataHub's UpsertIngestionSourceResolver makes them: the
 * interval is a cron expression Spring's `CronExpression` accepts (a 5-field one gets a leading
 * seconds field first), the time zone a zone id. Returns the reason a value is refused, or null.
 */

const MACROS = new Set(['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly']);
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

interface CronField {
  label: string;
  min: number;
  max: number;
  /** Names standing for numbers (months JAN=1, days SUN=0). */
  names?: { list: string[]; first: number };
}

const FIELDS: readonly CronField[] = [
  { label: 'seconds', min: 0, max: 59 },
  { label: 'minutes', min: 0, max: 59 },
  { label: 'hours', min: 0, max: 23 },
  { label: 'day of month', min: 1, max: 31 },
  { label: 'month', min: 1, max: 12, names: { list: MONTHS, first: 1 } },
  // Spring reads 7 as Sunday too.
  { label: 'day of week', min: 0, max: 7, names: { list: DAYS, first: 0 } },
];

/** Quartz-style day forms Spring accepts: L, L-3, 15W, LW in day of month; 5L, FRI#2 in day of week. */
const DAY_OF_MONTH_SPECIAL = /^(L(-\d{1,2})?|\d{1,2}W|LW)$/;
const DAY_OF_WEEK_SPECIAL = /^([0-7]|[A-Z]{3})(L|#[1-5])$/;

function fieldValueOf(text: string, f: CronField): number | string {
  const upper = text.toUpperCase();
  if (f.names) {
    const i = f.names.list.indexOf(upper);
    if (i >= 0) return i + f.names.first;
  }
  if (!/^\d+$/.test(text)) return `"${text}" is not a number`;
  const n = Number(text);
  return n < f.min || n > f.max ? `${n} is out of range ${f.min}-${f.max}` : n;
}

function checkItem(item: string, f: CronField, index: number): string | null {
  const upper = item.toUpperCase();
  if (index === 3 && DAY_OF_MONTH_SPECIAL.test(upper)) return null;
  if (index === 5 && DAY_OF_WEEK_SPECIAL.test(upper)) return null;
  const [range, step, extra] = item.split('/');
  if (extra !== undefined || range === undefined || range === '') return `"${item}" is not a valid ${f.label} value`;
  if (step !== undefined && !/^[1-9]\d*$/.test(step)) return `step "${step}" in ${f.label} must be a positive number`;
  if (range === '*' || (range === '?' && (index === 3 || index === 5))) return null;
  const bounds = range.split('-');
  if (bounds.length > 2) return `"${range}" is not a valid ${f.label} range`;
  const values = bounds.map((b) => fieldValueOf(b, f));
  const bad = values.find((v) => typeof v === 'string');
  if (bad !== undefined) return `${f.label}: ${bad}`;
  return null;
}

/** Why `interval` is not a cron schedule DataHub accepts, or null when it is one. */
export function cronProblem(interval: string): string | null {
  const trimmed = interval.trim();
  if (MACROS.has(trimmed.toLowerCase())) return null;
  const parts = trimmed.split(/\s+/).filter(Boolean);
  const expression = parts.length === 5 ? `0 ${trimmed}` : trimmed;
  const fields = parts.length === 5 ? ['0', ...parts] : parts;
  if (fields.length !== 6)
    return `Cron expression must consist of 6 fields (found ${fields.length} in "${expression}")`;
  for (let i = 0; i < 6; i++) {
    for (const item of fields[i]!.split(',')) {
      const problem = checkItem(item, FIELDS[i]!, i);
      if (problem) return `${problem} in cron expression "${expression}"`;
    }
  }
  return null;
}

/** Why `timezone` is not a time zone id, or null when it is one (Java's message for an unknown id). */
export function timezoneProblem(timezone: string): string | null {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return null;
  } catch {
    return `Unknown time-zone ID: ${timezone}`;
  }
}
