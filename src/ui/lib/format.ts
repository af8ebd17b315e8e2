/** How the UI writes times, counts and colours. */

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function formatTime(ms: number): string {
  return dateTime.format(new Date(ms));
}

export function formatDate(ms: number): string {
  return dateOnly.format(new Date(ms));
}

/** `3 minutes ago`, `in 2 days`: for times near now; the exact time goes in a title. */
export function relativeTime(ms: number, now = Date.now()): string {
  const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  const diff = ms - now;
  const abs = Math.abs(diff);
  const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ['year', 365 * 864e5],
    ['month', 30 * 864e5],
    ['day', 864e5],
    ['hour', 36e5],
    ['minute', 6e4],
  ];
  for (const [unit, size] of units) if (abs >= size) return rtf.format(Math.round(diff / size), unit);
  return rtf.format(Math.round(diff / 1000), 'second');
}

export function formatCount(n: number): string {
  return n.toLocaleString();
}

/** `1 column`, `3 columns`. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** A `#rrggbb` colour, or undefined for anything else a tag might hold (names, bad input). */
export function safeColor(hex: string | undefined): string | undefined {
  if (!hex) return undefined;
  const t = hex.trim();
  return /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.test(t) ? (t.startsWith('#') ? t : `#${t}`) : undefined;
}
