/**
 * The network side shared by the workflows that reach live agents (live.ts: fetch and probe; lockfiles.ts:
 * pin, check, diff, update; the language-model tools): the one refusal message of an untrusted workspace, and the core's guarded HTTP
 * client kept for as long as `a2a.network.allowedHosts` stays the same.
 */
import { createHttpClient } from '../../node/net/http';
import type { HttpClient } from '../../core/net/http';
import { createGrpcClient } from '../../node/net/grpc';
import type { GrpcClient } from '../../core/net/grpc';
import type { A2ASettings } from '../../protocol';
import { NO_ALLOWANCE, type NetworkAllowance } from '../../core/net/policy';

export const UNTRUSTED = 'this workspace is not trusted: the A2A extension does not use the network here';

/**
 * What URLs from repository content (a lockfile's `agent`) may reach beyond public addresses: nothing at all in
 * Restricted Mode (undefined: no request is made); in a trusted workspace, whose owner already trusts it to run
 * code, loopback and private addresses unless the user narrowed a2a.network.allowFromWorkspace (a user or machine
 * setting, so the workspace cannot widen it). Link-local and metadata addresses stay refused (core/net/policy.ts).
 */
export function repositoryAllowance(settings: A2ASettings): NetworkAllowance | undefined {
  if (settings.workspaceTrusted !== true) return undefined;
  return new Set(settings.network.allowFromWorkspace);
}

/**
 * What the language-model tools may reach from repository content: the repository allowance in a trusted workspace
 * (`trusted`), else no address beyond public ones is allowed, and the tools are told the network is off.
 */
export function toolAllowance(settings: A2ASettings): { trusted: boolean; allow: NetworkAllowance } {
  const allow = repositoryAllowance(settings);
  return { trusted: allow !== undefined, allow: allow ?? NO_ALLOWANCE };
}

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
