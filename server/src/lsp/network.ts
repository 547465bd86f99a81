/**
 * The network side shared by the requests that reach live agents (live.ts: fetch and probe; lockfileRequests.ts:
 * pin, check, diff, update): the one refusal message of an untrusted workspace, and the core's guarded HTTP
 * client kept for as long as `a2a.network.allowedHosts` stays the same.
 */
import { createHttpClient, type HttpClient } from '../core/net/http';
import { createGrpcClient, type GrpcClient } from '../core/net/grpc';
import type { A2ASettings } from '../protocol';

export const UNTRUSTED = 'this workspace is not trusted: the A2A extension does not use the network here';

/** The HTTP (and gRPC, for probes) client for the current allowed hosts; a change of them closes the old ones and opens new ones. */
export class HttpClientForSettings {
  private http: HttpClient | undefined;
  private grpc: GrpcClient | undefined;
  private hosts = '';

  get(settings: A2ASettings): HttpClient {
    this.follow(settings);
    return (this.http ??= createHttpClient({ allowHosts: settings.network.allowedHosts }));
  }

  /** The gRPC client probes of GRPC interfaces use (created on first use). */
  grpcFor(settings: A2ASettings): GrpcClient {
    this.follow(settings);
    return (this.grpc ??= createGrpcClient({ allowHosts: settings.network.allowedHosts }));
  }

  private follow(settings: A2ASettings): void {
    const hosts = settings.network.allowedHosts.join('\n');
    if (hosts === this.hosts) return;
    void this.http?.close();
    this.grpc?.close();
    this.http = undefined;
    this.grpc = undefined;
    this.hosts = hosts;
  }
}
