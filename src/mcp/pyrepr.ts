/**
 * Python's `repr` of a JSON value. DataHub's MCP server puts a GraphQL answer's `errors` into its
 * error text as Python prints a list of dicts (`[{'message': '…', 'locations': […], …}]`); an agent
 * (or an evaluation) reading our refusal sees the same characters.
 */

function reprString(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    if (ch === '\\') out += '\\\\';
    else if (ch === quote) out += `\\${quote}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else if (code >= 0x80 && code < 0xa0) out += `\\x${code.toString(16)}`;
    else out += ch;
  }
  return out + quote;
}

export function pyRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number')
    return Number.isFinite(value) ? String(value) : value > 0 ? 'inf' : value < 0 ? '-inf' : 'nan';
  if (typeof value === 'string') return reprString(value);
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(', ')}]`;
  if (typeof value === 'object') {
    return `{${Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${reprString(k)}: ${pyRepr(v)}`)
      .join(', ')}}`;
  }
  return String(value);
}
