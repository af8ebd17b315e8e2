/**
 * Loads every feature module that registers side effects of aspect writes (src/ops/core/sideEffects.ts),
 * so that they are in place before the first write. openCatalog imports it, so every store opened the
 * one way has them; an entry point that opens a store otherwise imports this module itself.
 * A feature with a new side effect adds its module here.
 */
import { sideEffectsLoaded } from './core/sideEffects.ts';
import './quality/assertions.ts';
import './versioning/versioningEffects.ts';

sideEffectsLoaded();
