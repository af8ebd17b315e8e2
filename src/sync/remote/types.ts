/**
 * A remote as pull, push and diff see it, whatever it is: another catalog data file
 * (src/ops/sync/fileRemote.ts), a bundle (src/ops/bundle/remote.ts, read only) or a server speaking DataHub's protocol, ours or DataHub's GMS
 * (http.ts). Reads stream a page of entities at a time; writes are batches applied all or none.
 */
import type { AspectVersion } from '../base.ts';

export interface RemoteAspect {
  value: unknown;
  /** The remote's version of the aspect (DataHub's `systemMetadata.version`). */
  version: string;
}

export interface RemoteEntity {
  urn: string;
  entityType: string;
  /** Its versioned aspects (not the key aspect, not timeseries events). */
  aspects: Map<string, RemoteAspect>;
  /**
   * The JSON text it was read from, holding its urn and every aspect value in `aspects` as
   * `JSON.stringify` writes them (and nothing else that names an urn), where the remote read it as
   * text (a bundle's record line): a pull finds the urns it points to there instead of encoding the
   * values again.
   */
  text?: string;
}

/** What part of a remote a pull brings: every field given must hold (absent fields: no filter). */
export interface Slice {
  types?: string[];
  /** A platform urn (`urn:li:dataPlatform:hive`). */
  platform?: string;
  domain?: string;
  container?: string;
  /** A tag urn. */
  tag?: string;
  urns?: string[];
  /** Our search syntax (DataHub's query text). */
  query?: string;
}

export interface AspectWrite {
  urn: string;
  entityType: string;
  aspectName: string;
  value: unknown;
  /**
   * Sent as DataHub's `If-Version-Match`: the write applies only while the remote holds this version
   * (`ABSENT_VERSION`: only while it lacks the aspect).
   */
  ifVersionMatch?: string;
  /** Remove the aspect instead of writing `value` (DataHub's DELETE change type, conditional like any write). */
  delete?: true;
}

/** The version DataHub compares `If-Version-Match` with for an aspect it does not hold. */
export const ABSENT_VERSION = '-1';

/** A batch refused because an aspect is not at the version the write expected (DataHub's 412). */
export class PreconditionFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PreconditionFailedError';
  }
}

/** A remote that did not answer as a remote does: unreachable, refused, or not what it claims to be. */
export class RemoteError extends Error {
  constructor(
    message: string,
    /** The remote's location (its URL or path). */
    readonly location: string,
    /** The HTTP status it answered, when it answered. */
    readonly status?: number,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'RemoteError';
  }
}

/** No answer from a remote, or an answer cut off: the network's failure, which running again may get past. */
export class RemoteUnreachableError extends RemoteError {
  constructor(message: string, location: string, cause: unknown) {
    super(message, location, undefined, cause);
    this.name = 'RemoteUnreachableError';
  }
}

/**
 * A request the remote refused for want of credentials (HTTP 401) or of rights (403). `tokenSent`:
 * whether the request carried a token.
 */
export class RemoteAuthError extends RemoteError {
  constructor(
    message: string,
    location: string,
    status: 401 | 403,
    readonly tokenSent: boolean,
  ) {
    super(message, location, status);
    this.name = 'RemoteAuthError';
  }
}

/**
 * One page of a remote's listing of one entity type. The listing of `type` is whole once a page with
 * `last` came: only then does the pull know which entities of that type the remote does not have. A
 * type the remote does not know at all (DataHub answers 4xx for an entity name it lacks) yields no
 * page: it is not listed, and nothing of it is taken as removed there.
 */
export interface RemotePage {
  type: string;
  entities: RemoteEntity[];
  last: boolean;
}

export interface Remote {
  /** `http(s)://host[:port]` for a server, an absolute path for a data file, `postgres://user@host:port/db` for DataHub's database. */
  readonly location: string;
  readonly kind: 'file' | 'http' | 'postgres' | 'bundle';
  /**
   * Its listing holds only what changed since some earlier state (an incremental bundle): an entity
   * it lacks means nothing, and what it removed comes from `removed` instead of being inferred.
   */
  readonly partial?: boolean;
  /** The entities it says were removed (an incremental bundle's explicit removals), a page at a time. */
  removed?(types: readonly string[], pageSize: number): AsyncGenerator<string[]>;
  /**
   * Proves the remote is what it claims to be before anything is read or written: a server answers
   * `GET /config` as DataHub's GMS does, a database holds DataHub's table (a data file passed the
   * store's open check when it was opened). Throws a RemoteError otherwise.
   */
  check(): Promise<void>;
  /** The entity types the remote says it holds, when it can say (a file, a database); pull's default. */
  types?(): string[] | Promise<string[]>;
  /** The remote's entities of these types, a page at a time (memory bounded by a page). */
  entities(types: readonly string[], query: string | undefined, pageSize: number): AsyncGenerator<RemotePage>;
  /** These entities as the remote holds them now; those it lacks are left out. */
  getEntities(urns: readonly string[]): Promise<RemoteEntity[]>;
  /**
   * The aspect's history, newest first (`AspectVersion` of base.ts; empty: absent). A remote that
   * cannot read history cheaply returns only the current value.
   */
  history(urn: string, aspectName: string): Promise<AspectVersion[]>;
  /**
   * Writes one batch synchronously, all or none, under `runId`; resolves with the versions the
   * written aspects have now (by `urn␀aspect`; `ABSENT_VERSION` for a deleted one). A failed
   * precondition is a PreconditionFailedError.
   */
  write(writes: readonly AspectWrite[], runId: string): Promise<Map<string, string>>;
  close(): Promise<void>;
}

export const aspectId = (urn: string, aspectName: string): string => `${urn}\u0000${aspectName}`;
