/**
 * Everything gRPC needs at run time, in one module that ships as its own bundle (server/dist/grpc-runtime.js,
 * scripts/build.mjs): @grpc/grpc-js and the A2A service definition and status decoders of @a2a-js/sdk are
 * over a megabyte, and most runs of the CLI and the language server never meet a gRPC interface. net/grpc.ts
 * and a2a/grpcCall.ts load it on the first gRPC call (`loadGrpcRuntime`).
 */
/* eslint-disable @typescript-eslint/no-require-imports */
// The SDK publishes ESM-only type declarations beside its CommonJS build; the CommonJS build is what runs.
type SdkService = typeof import('@a2a-js/sdk/server/grpc', { with: { 'resolution-mode': 'import' } });
type SdkErrors = typeof import('@a2a-js/sdk/errors/grpc', { with: { 'resolution-mode': 'import' } });
type Sdk = typeof import('@a2a-js/sdk', { with: { 'resolution-mode': 'import' } });

export const grpc = require('@grpc/grpc-js') as typeof import('@grpc/grpc-js');
export const a2aService = (require('@a2a-js/sdk/server/grpc') as SdkService).A2AService;
export const { decodeErrorInfo, decodeStatus } = require('@a2a-js/sdk/errors/grpc') as SdkErrors;
/** The answer messages' types, whose toJSON gives the ProtoJSON the HTTP bindings carry (and cards are served as). */
export const { AgentCard, ListTaskPushNotificationConfigsResponse, SendMessageResponse, StreamResponse, Task } =
  require('@a2a-js/sdk') as Sdk;
