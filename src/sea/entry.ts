/**
 * The single executable's entry: the CLI, which runs its command at once, or — while the build takes
 * the executable's start-up snapshot — registers it to run when the snapshot is deserialised (see the
 * end of src/cli/main.ts). An entry of its own because the snapshot's entry script has no `module`:
 * it must export nothing.
 *
 * The model modules below are pure JavaScript that every command on a data file evaluates (the aspect
 * declarations, the relationships and search indexers); imported here, they are evaluated once, at
 * build time, and start already made. Modules that load a native addon (the store, lmdb) cannot be in
 * the snapshot and load when a command needs them.
 */
import '../model/registry.ts';
import '../model/relationships.ts';
import '../model/search/indexer.ts';
import '../cli/main.ts';
