/**
 * The findings of scripts/aspect-audit.ts kept on purpose, each with its reason. A key is `aspect`
 * (all of its findings), `aspect path` (the findings at that field path and below it) or
 * `aspect path kind` (one finding, as the audit prints it: `ownership owners[].type required`).
 * docs/model.md (what is checked on write) sums them up.
 */
export const ACCEPTED_GAPS: Readonly<Record<string, string>> = {};
