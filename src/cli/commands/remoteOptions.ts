import type { Slice } from '../../sync/remote/types.ts';

/** The options of every command that reaches a remote (kept apart: command modules load at start-up). */
export const remoteOptions = {
  token: {
    type: 'string',
    describe:
      'Token for an HTTP remote (else ~/.catalog/credentials, else env DATAHUB_GMS_TOKEN); never stored in the data file',
  },
  insecure: {
    type: 'boolean',
    default: false,
    describe: 'Do not verify the certificate of an https remote (a test server only)',
  },
} as const;

/** The filters of a pull, which `diff` takes too, so a slice can be checked before it is pulled. */
export const sliceOptions = {
  type: { type: 'string', array: true, describe: 'Only entities of this type (repeatable)' },
  platform: { type: 'string', describe: 'Only entities of this platform (name or urn)' },
  domain: { type: 'string', describe: 'Only entities in this domain (urn)' },
  container: { type: 'string', describe: 'Only entities in this container (urn)' },
  tag: { type: 'string', describe: 'Only entities with this tag (name or urn)' },
  urn: { type: 'string', array: true, describe: 'Only this entity (repeatable)' },
  query: { type: 'string', describe: 'Only entities matching this search (our search syntax)' },
} as const;

/** The arguments `sliceOptions` give. */
export interface SliceArgs {
  type?: string[];
  platform?: string;
  domain?: string;
  container?: string;
  tag?: string;
  urn?: string[];
  query?: string;
}

/** The slice the filter options name, as given (names not yet turned into urns: `normaliseSlice`). */
export const sliceOf = (args: SliceArgs): Slice => ({
  types: args.type,
  platform: args.platform,
  domain: args.domain,
  container: args.container,
  tag: args.tag,
  urns: args.urn,
  query: args.query,
});
