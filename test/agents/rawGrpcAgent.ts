/**
 * A misbehaving gRPC agent for tests: the A2A service definition of @a2a-js/sdk on a bare @grpc/grpc-js
 * server on 127.0.0.1, each method answered by a handler the test gives (a status the SDK would never send, a
 * huge answer, no answer at all, bytes the SDK would never encode: a handler may answer with a Buffer, sent as
 * it is). Methods without a handler answer UNIMPLEMENTED. The metadata of every call is recorded, so tests can
 * see what the client sent.
 */
import type { Metadata, Server, ServerUnaryCall, ServerWritableStream, sendUnaryData } from '@grpc/grpc-js';

export type RawUnary = (call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>) => void;
export type RawStream = (call: ServerWritableStream<unknown, unknown>) => void;

export interface RawGrpcAgent {
  /** host:port (a bare gRPC address, as cards may list it). */
  url: string;
  /** Metadata of each call, in order (lower-case keys, first value). */
  calls: { method: string; metadata: Record<string, string> }[];
  close(): void;
}

export async function startRawGrpcAgent(handlers: Record<string, RawUnary | RawStream>): Promise<RawGrpcAgent> {
  const grpc = await import('@grpc/grpc-js');
  const { A2AService } = await import('@a2a-js/sdk/server/grpc');
  const calls: RawGrpcAgent['calls'] = [];
  const record = (method: string, metadata: Metadata): void => {
    calls.push({
      method,
      metadata: Object.fromEntries(Object.entries(metadata.getMap()).map(([k, v]) => [k, String(v)])),
    });
  };
  const implementation: Record<string, (...args: never[]) => void> = {};
  for (const [name, def] of Object.entries(A2AService)) {
    const handler = handlers[name];
    implementation[name] = def.responseStream
      ? (((call: ServerWritableStream<unknown, unknown>) => {
          record(name, call.metadata);
          if (handler) (handler as RawStream)(call);
          else call.emit('error', { code: grpc.status.UNIMPLEMENTED, details: `${name} is not implemented` });
        }) as never)
      : (((call: ServerUnaryCall<unknown, unknown>, cb: sendUnaryData<unknown>) => {
          record(name, call.metadata);
          if (handler) (handler as RawUnary)(call, cb);
          else cb({ code: grpc.status.UNIMPLEMENTED, details: `${name} is not implemented` });
        }) as never);
  }
  // A Buffer answer goes out as it is; anything else through the SDK's encoder.
  const service = Object.fromEntries(
    Object.entries(A2AService).map(([name, def]) => [
      name,
      {
        ...def,
        responseSerialize: (value: unknown) =>
          Buffer.isBuffer(value) ? value : (def.responseSerialize as (v: unknown) => Buffer)(value),
      },
    ]),
  );
  const server: Server = new grpc.Server();
  server.addService(service as never, implementation as never);
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    );
  });
  return { url: `127.0.0.1:${port}`, calls, close: () => server.forceShutdown() };
}
