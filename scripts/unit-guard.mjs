// Preloaded (node --import), after scripts/in-process-guard.mjs, into every process of a unit test
// file: the files UNIT lists in scripts/test-files.sh, which `npm run test:unit` runs. A unit file
// tests pure functions, so besides starting no process it listens on no port, opens no connection
// and loads no lmdb (the store, whose data file lives on disk): each throws here, naming what it did
// and what to do instead. The test runner's own process is left alone (NODE_TEST_CONTEXT is set only
// in the processes of the files).
import { register } from 'node:module';
import net from 'node:net';

const advice =
  'Take the file out of UNIT in scripts/test-files.sh (it then runs in `npm run test:quick`), ' +
  'or test the pure part on its own.';

/** Where a listen or a connect was aimed, from its arguments (net normalises them to an array). */
function address(args) {
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  if (first !== null && typeof first === 'object') {
    if (first.path) return String(first.path);
    return `${first.host ?? 'any host'}, port ${first.port ?? 'any'}`;
  }
  if (typeof first === 'string' && !/^\d+$/.test(first)) return first;
  return `port ${first ?? 'any'}`;
}

if (process.env.NODE_TEST_CONTEXT) {
  const refuse = (what) => {
    throw new Error(`test:unit runs pure functions only, and this test file ${what}. ${advice}`);
  };
  net.Server.prototype.listen = function listen(...args) {
    refuse(`started a server (listen on ${address(args)})`);
  };
  net.Socket.prototype.connect = function connect(...args) {
    refuse(`opened a connection (to ${address(args)})`);
  };
  // lmdb is refused where it is resolved: by the loader's resolve hook, which runs on its own thread.
  register('./unit-hooks.mjs', import.meta.url, { data: { advice } });
}
