// The browser code under src/ui is type-checked with the server's (one `tsc -p .`): it needs the
// DOM's types, which this reference adds. @types/node declares the globals both share compatibly.
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />

/** Stylesheets are imported for esbuild, which bundles them into the UI's one CSS file. */
declare module '*.css';
