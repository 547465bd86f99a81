/**
 * The workflow layer: the one front door between the core (and the Node layer) and the front ends. Each workflow is
 * a function of an injected world (world.ts) and a plain request, returning a plain result; the CLI, the language
 * server, the MCP tools and the library (api/) only translate their input into requests and results into output.
 */
export * as check from './check';
export * as compile from './compile';
export * as diff from './diff';
export * as fetch from './fetch';
export * as lint from './lint';
export * as pin from './pin';
export * as probe from './probe';
export * as send from './send';
export * as text from './text';
export * as update from './update';
export { locateFindings, type FindingRange, type LocatedFinding } from './ranges';
export { nodeFiles, type Files } from './files';
export { cardLoaderFor, createNodeWorld, type World } from './world';
