/**
 * The gRPC runtime (grpcRuntime.ts), loaded on first use. In the shipped bundles `./grpcRuntime` is not bundled
 * but required from the separate `grpc-runtime.js` beside them (scripts/build.mjs); from sources it is the module.
 */
export type GrpcRuntime = typeof import('./grpcRuntime');

let runtime: GrpcRuntime | undefined;

export function loadGrpcRuntime(): GrpcRuntime {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (runtime ??= require('./grpcRuntime') as GrpcRuntime);
}
