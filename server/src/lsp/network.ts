/**
 * The network side shared by the requests that reach live agents (live.ts: fetch and probe; lockfileRequests.ts:
 * pin, check, diff, update): the one refusal message of an untrusted workspace, and the core's guarded HTTP
 * client kept for as long as `a2a.network.allowedHosts` stays the same.
 */
import { createHttpClient, type HttpClient } from '../core/net/http';
import type { A2ASettings } from '../protocol';

export const UNTRUSTED = 'this workspace is not trusted: the A2A extension does not use the network here';

/** The HTTP client for the current allowed hosts; a change of them closes the old pool and opens a new one. */
export class HttpClientForSettings {
  private http: HttpClient | undefined;
  private hosts = '';

  get(settings: A2ASettings): HttpClient {
    const hosts = settings.network.allowedHosts.join('\n');
    if (!this.http || hosts !== this.hosts) {
      void this.http?.close();
      this.http = createHttpClient({ allowHosts: settings.network.allowedHosts });
      this.hosts = hosts;
    }
    return this.http;
  }
}
