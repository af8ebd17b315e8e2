/**
 * Side effects of aspect writes, registered by the feature they belong to (DataHub's MCPSideEffect):
 * a function that runs inside the write's transaction whenever a given aspect is written, whoever
 * writes it — a GraphQL mutation, a REST ingest, `catalog ingest`. writeAspect looks them up by aspect
 * name and runs them; it knows no feature. Features register theirs when their module loads, and
 * src/ops/sideEffects.ts loads every such module: it is imported by openCatalog, so a store opened
 * the one way has them all before its first write.
 */
import type { AspectValue, DeclaredAspect } from '../../model/aspects/define.ts';
import type { PutAspectResult, StoreTxn } from '../../store/store.ts';

/** Who writes and when: the actor and time every write is stamped with. */
export type WriteStamp = {
  actor: string;
  time: number;
};

/** One write of an aspect, as its side effects see it; `V`: the aspect's value type, when declared. */
export interface AspectWrite<V = unknown> {
  txn: StoreTxn;
  stamp: WriteStamp;
  urn: string;
  aspectName: string;
  /** The value written: after `before` effects, the value they returned. */
  value: V;
  /** The aspect's latest value before this write; undefined when it had none, and for timeseries events. */
  previous: V | undefined;
  /**
   * Stores a value as the latest version of an aspect (derived key, stamp, no validation) without
   * running side effects: how an effect keeps other aspects in step.
   */
  put(urn: string, aspectName: string, value: unknown): PutAspectResult;
}

export interface SideEffect {
  /** What the effect keeps up, for listings: e.g. `assertionRunSummary`. */
  name: string;
  /** The aspect whose writes run it. */
  aspect: string;
  /** Runs before the aspect is stored and returns the value to store (DataHub's mutation hooks). */
  before?: (write: AspectWrite) => unknown;
  /** Runs after the aspect is stored, in the same transaction. */
  after?: (write: AspectWrite) => void;
}

const BY_ASPECT = new Map<string, SideEffect[]>();
let loaded = false;

/**
 * The effect of writes of a declared aspect, its write typed by the declaration: writeAspect checks
 * the value against the declaration (validateAspect) before any effect runs, and the value stored
 * before was checked when it was written.
 */
export interface DeclaredSideEffect<D extends DeclaredAspect> {
  name: string;
  before?: (write: AspectWrite<AspectValue<D>>) => AspectValue<D>;
  after?: (write: AspectWrite<AspectValue<D>>) => void;
}

/** Registers an effect of writes of `aspect` (a declaration): see DeclaredSideEffect. */
export function registerDeclaredSideEffect<D extends DeclaredAspect>(aspect: D, effect: DeclaredSideEffect<D>): void {
  const { name, before, after } = effect;
  // The one place the checked value meets its declared type (see DeclaredSideEffect).
  const typed = (w: AspectWrite) => w as AspectWrite<AspectValue<D>>;
  registerSideEffect({
    name,
    aspect: aspect.name,
    ...(before && { before: (w: AspectWrite) => before(typed(w)) }),
    ...(after && { after: (w: AspectWrite) => after(typed(w)) }),
  });
}

/** Registers an effect; effects of one aspect run in the order they were registered. */
export function registerSideEffect(effect: SideEffect): void {
  const list = BY_ASPECT.get(effect.aspect) ?? [];
  if (list.some((e) => e.name === effect.name))
    throw new Error(`side effect ${effect.name} of ${effect.aspect} is registered twice`);
  list.push(effect);
  BY_ASPECT.set(effect.aspect, list);
}

/** The effects of writes of `aspectName`; undefined when it has none. */
export function sideEffectsOf(aspectName: string): readonly SideEffect[] | undefined {
  return BY_ASPECT.get(aspectName);
}

/** Every registered effect, as `{ name, aspect }`. */
export function registeredSideEffects(): Array<{ name: string; aspect: string }> {
  return [...BY_ASPECT.values()].flat().map(({ name, aspect }) => ({ name, aspect }));
}

/** Called by src/ops/sideEffects.ts once every feature module has registered its effects. */
export function sideEffectsLoaded(): void {
  loaded = true;
}

/**
 * Throws unless the feature modules were loaded: a write without them would skip their effects
 * silently (an entry point that opens a store without openCatalog must import src/ops/sideEffects.ts).
 */
export function assertSideEffectsLoaded(): void {
  if (!loaded) throw new Error('aspect side effects are not registered: import src/ops/sideEffects.ts before writing');
}
