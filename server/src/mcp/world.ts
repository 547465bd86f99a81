/**
 * What the tools run with: the roots paths must stay inside, the network allowance and credentials granted at
 * launch, the redactor of those credentials, and the guarded HTTP client every request of a tool goes through.
 * The same world shape serves `a2acap mcp` (built from its flags) and the editor's language-model tools (built from
 * the workspace folders and trust), so both run the same tool functions under the same rules.
 */
import type { HttpClient, HttpRequest, HttpResponse } from '../core/net/http';
import type { NetworkAllowance } from '../core/net/policy';
import { redactorFor, type Redactor } from '../app/text';
import type { CheckResult } from '../core/types';

/**
 * A credential granted at launch: its value (from an environment variable) and the one origin it is for. The
 * tools never send it with a public card request; every answer is redacted of it.
 */
export interface LaunchCredential {
  /** The environment variable it came from (named in messages; the value never is). */
  variable: string;
  value: string;
  /** `https://host:port`: the credential goes to requests for this origin only. */
  origin: string;
}

export interface ToolWorld {
  /** Absolute directories; every path a tool reads or writes resolves inside one of them. */
  roots: readonly string[];
  /** Address classes beyond public that URLs from tool arguments (and lockfiles) may reach. */
  allow: NetworkAllowance;
  /** Null when the network is off altogether (an untrusted workspace in the editor). */
  http: HttpClient | null;
  /** Why the network is off, when it is. */
  networkOff?: string;
  credentials: readonly LaunchCredential[];
  redact: Redactor;
  maxCardBytes: number;
  now: () => Date;
  /** The last classification each lockfile got in this session (a2a_check_lockfile), by absolute path. */
  lastChecked: Map<string, { classification: CheckResult['classification'] | 'error'; at: string }>;
}

/**
 * The HTTP client of the tools: every URL is treated as untrusted input ('repository' origin: public addresses
 * only, plus what the launch allowed; link-local and metadata never). It attaches no credential: the tools read
 * public cards, and a public card request carries none, as in the CLI and the editor. A tool that calls an agent's
 * interface must decide with core/fetch/credentials.ts credentialFor on the public card, as they do.
 */
export function toolHttp(inner: HttpClient, allow: NetworkAllowance): HttpClient {
  return {
    request(url: string, req: HttpRequest): Promise<HttpResponse> {
      const { credentialHeaders: _none, ...rest } = req;
      return inner.request(url, { ...rest, origin: 'repository', allow });
    },
    close: () => inner.close(),
  };
}

export interface ToolWorldOptions {
  roots: readonly string[];
  allow: NetworkAllowance;
  /** The raw guarded client (node/net/http.ts createHttpClient), or null for no network. */
  http: HttpClient | null;
  networkOff?: string;
  credentials?: readonly LaunchCredential[];
  maxCardBytes: number;
  now?: () => Date;
  /** Shared between worlds of one session (the editor builds a world per call, as settings may change). */
  lastChecked?: ToolWorld['lastChecked'];
}

export function createToolWorld(options: ToolWorldOptions): ToolWorld {
  const credentials = options.credentials ?? [];
  return {
    roots: options.roots,
    allow: options.allow,
    http: options.http ? toolHttp(options.http, options.allow) : null,
    ...(options.networkOff ? { networkOff: options.networkOff } : {}),
    credentials,
    // The value as it travels too (`Bearer …`): an agent may echo the whole header, base64-encoded or not.
    redact: redactorFor(credentials.flatMap((c) => [c.value, `Bearer ${c.value}`])),
    maxCardBytes: options.maxCardBytes,
    now: options.now ?? (() => new Date()),
    lastChecked: options.lastChecked ?? new Map(),
  };
}

/** The first root: where relative paths start and what shown paths are relative to (a tool world always has one). */
export function firstRoot(world: Pick<ToolWorld, 'roots'>): string {
  const [root] = world.roots;
  if (root === undefined) throw new Error('the tool world has no root');
  return root;
}
