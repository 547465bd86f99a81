/**
 * a2a_how_to_call — {source, skill, bindings?, knownExtensions?} → exactly what a client must send to use that
 * skill, from the compiled profile: endpoint, binding, A2A-Version, A2A-Extensions, tenant, the operation
 * (streaming or not) and how the binding carries it, accepted input and output media types, and the credentials
 * needed (scheme, type and scopes; never a secret). The call-time rules come as data a code generator can follow.
 */
import type { CompiledProfile, SecurityAlternative } from '../../core/types';
import { clientFrom, requiredString, type Args } from '../args';
import { analyzeCard } from '../card';
import { clippedValues, untrustedOf, visible, type Untrusted } from '../envelope';
import { LIMITS } from '../limits';
import { displayPath } from '../shownPath';
import { ToolError } from '../toolError';
import type { ToolWorld } from '../world';
import { skillPage } from './profile';

/** The rules every call must follow, as fixed data (our text, never the card's). */
export const CALL_RULES = [
  'Send the A2A-Version header (gRPC: metadata) with the value given, on every request.',
  'Send A2A-Extensions with exactly the extensions listed; omit the header when the list is empty.',
  'When tenant is not null, copy it verbatim: JSON-RPC params.tenant, HTTP+JSON the first path segment, gRPC the tenant field.',
  'Give every message part a mediaType from input_media_types; expect only output_media_types in results.',
  'Use operation; when it is SendStreamingMessage and the agent answers UnsupportedOperationError, retry once with SendMessage and treat the profile as stale.',
  'On ContentTypeNotSupportedError or VersionNotSupportedError, do not retry: the profile is stale; re-check the lockfile.',
  'Obtain credentials for one alternative of credentials.any_of (all schemes of that alternative, with their scopes) outside the model; never put a secret in a prompt.',
] as const;

function request(profile: CompiledProfile, streaming: boolean) {
  const i = profile.interface!;
  const operation = streaming ? 'SendStreamingMessage' : 'SendMessage';
  const accept = streaming ? 'text/event-stream' : 'application/json';
  if (i.binding === 'JSONRPC')
    return {
      operation,
      http_method: 'POST',
      url: i.url,
      content_type: 'application/json',
      accept,
      json_rpc_method: operation,
    };
  if (i.binding === 'HTTP+JSON') {
    const prefix = i.tenant !== null ? `/${encodeURIComponent(i.tenant)}` : '';
    return {
      operation,
      http_method: 'POST',
      url: `${i.url.replace(/\/+$/, '')}${prefix}${streaming ? '/message:stream' : '/message:send'}`,
      content_type: 'application/a2a+json',
      accept,
    };
  }
  if (i.binding === 'GRPC') return { operation, grpc_method: `lf.a2a.v1.A2AService/${operation}`, target: i.url };
  return { operation, note: 'a custom binding: the card names it, this tool does not know how it carries operations' };
}

function credentials(profile: CompiledProfile, security: readonly SecurityAlternative[]) {
  return {
    required: security.length > 0,
    any_of: security.map((alt) => ({
      all_of: Object.keys(alt).map((scheme) => ({
        scheme,
        ...(profile.schemes?.[scheme] ?? { type: 'undeclared' }),
        scopes: [...(alt[scheme] ?? [])],
      })),
    })),
  };
}

export interface HowToCallResult {
  source: string;
  skill: string;
  endpoint: string;
  binding: string;
  tenant: string | null;
  headers: Record<string, string>;
  streaming: boolean;
  request: ReturnType<typeof request>;
  fallback_operation?: 'SendMessage';
  input_media_types: readonly string[];
  output_media_types: readonly string[];
  credentials: ReturnType<typeof credentials>;
  rules: readonly string[];
  untrusted: Untrusted;
}

export async function a2aHowToCall(world: ToolWorld, args: Args): Promise<HowToCallResult> {
  const source = requiredString(args, 'source');
  const skill = requiredString(args, 'skill');
  const analyzed = await analyzeCard(world, source, clientFrom(args));
  const profile = analyzed.profile;
  if (!profile.usable || !profile.interface)
    throw new ToolError(
      `this client cannot use the agent: ${visible(profile.reason ?? 'no usable interface', LIMITS.valueChars)}`,
    );
  skillPage(profile, skill, 0);
  const s = profile.skills?.[skill];
  if (!s) throw new ToolError(`the card has no usable skill ${visible(JSON.stringify(skill), LIMITS.valueChars)}`);
  const streaming = profile.streaming === true;
  const extensions = profile.extensions ?? [];
  const untrusted = untrustedOf(analyzed.card, analyzed.findings, [skill]);
  return {
    ...clippedValues({
      source: displayPath(world, analyzed.location),
      skill,
      endpoint: profile.interface.url,
      binding: profile.interface.binding,
      tenant: profile.interface.tenant,
      headers: {
        'A2A-Version': profile.interface.version,
        ...(extensions.length ? { 'A2A-Extensions': extensions.join(', ') } : {}),
      },
      streaming,
      request: request(profile, streaming),
      ...(streaming ? { fallback_operation: 'SendMessage' as const } : {}),
      input_media_types: s.input,
      output_media_types: s.output,
      credentials: credentials(profile, s.security),
      rules: CALL_RULES,
    }),
    // Clipped by the envelope at its own limit.
    untrusted,
  };
}
