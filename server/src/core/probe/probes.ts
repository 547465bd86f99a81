/**
 * The probes. Each checks ONE claim of the card with a small deliberate call and returns a ProbeResult.
 * Default probes send no message (no task is created): streaming (via SubscribeToTask on a random task id),
 * push, extended-card; the version probes are versionProbe.ts's, the endpoint probes cardEndpointProbe.ts's and
 * transportProbe.ts's. Message probes (streaming-message, media-type:*,
 * required-extension:*) need a SafeProbeRequest and never target a side-effecting skill unless allowed.
 */
import type { A2aCallOptions, A2aCallResult, A2aInterface, A2aOperation } from '../a2a/types';
import { randomId } from '../bytes/hash';
import type { ProbeResult, SafeProbeRequest } from './types';
import { attempt, errType, randomTask, result, said } from './probeResult';

export interface ProbeEnv {
  iface: A2aInterface;
  card: Record<string, unknown>;
  call: (op: A2aOperation, params: Record<string, unknown>, extra?: Partial<A2aCallOptions>) => Promise<A2aCallResult>;
  now: () => number;
}

export type Probe = (env: ProbeEnv) => Promise<ProbeResult[]>;

const caps = (card: Record<string, unknown>): Record<string, unknown> =>
  (card.capabilities ?? {}) as Record<string, unknown>;
export const streamingProbe: Probe = async (env) => {
  const claimed = caps(env.card).streaming === true;
  const claim = claimed ? 'streaming is supported' : 'streaming is not supported';
  return [
    await attempt(env, 'streaming', claim, async () => {
      const r = await env.call('SubscribeToTask', { id: randomTask() });
      const t = errType(r);
      // A random task id: an agent that streams looks the task up (TaskNotFound); one that does not refuses the operation.
      if (t === 'TaskNotFound')
        return result(
          env,
          'streaming',
          claim,
          claimed ? 'verified' : 'refuted',
          `SubscribeToTask on a random task answered TaskNotFound: streaming operations are served`,
        );
      if (t === 'UnsupportedOperation')
        return result(env, 'streaming', claim, claimed ? 'refuted' : 'verified', `SubscribeToTask answered ${said(r)}`);
      return result(env, 'streaming', claim, 'error', `inconclusive answer to SubscribeToTask: ${said(r)}`);
    }),
  ];
};

export const pushProbe: Probe = async (env) => {
  const claimed = caps(env.card).pushNotifications === true;
  const claim = claimed ? 'push notifications are supported' : 'push notifications are not supported';
  return [
    await attempt(env, 'push', claim, async () => {
      const r = await env.call('ListTaskPushNotificationConfigs', { taskId: randomTask() });
      const t = errType(r);
      if (t === 'PushNotificationNotSupported')
        return result(
          env,
          'push',
          claim,
          claimed ? 'refuted' : 'verified',
          `ListTaskPushNotificationConfigs answered ${said(r)}`,
        );
      if (t === 'TaskNotFound')
        return result(
          env,
          'push',
          claim,
          claimed ? 'verified' : 'refuted',
          `ListTaskPushNotificationConfigs on a random task answered TaskNotFound: push configuration is served`,
        );
      return result(env, 'push', claim, 'error', `inconclusive answer: ${said(r)}`);
    }),
  ];
};

const skillIds = (card: unknown): string[] => {
  const skills = (card as { skills?: unknown })?.skills;
  return Array.isArray(skills) ? skills.map((s) => String((s as { id?: unknown })?.id ?? '')).sort() : [];
};

/** The extended card behaves as the flag says. Credentials are handled by the caller (`credentialHeaders` in env.call). */
export function extendedCardProbe(credentialHeaders?: Record<string, string>): Probe {
  return async (env) => {
    const claimed = caps(env.card).extendedAgentCard === true;
    const claim = claimed ? 'an extended card is available to authenticated callers' : 'no extended card';
    return [
      await attempt(env, 'extended-card', claim, async () => {
        const anon = await env.call('GetExtendedAgentCard', {});
        const t = errType(anon);
        // The call did not get as far as the extended card: no verdict on the flag (the version probe says why).
        if (t === 'VersionNotSupported')
          return result(
            env,
            'extended-card',
            claim,
            'error',
            `inconclusive answer to GetExtendedAgentCard: ${said(anon)}`,
          );
        if (!claimed) {
          if (t === 'UnsupportedOperation')
            return result(env, 'extended-card', claim, 'verified', `GetExtendedAgentCard answered ${said(anon)}`);
          return result(
            env,
            'extended-card',
            claim,
            'refuted',
            `the flag is off, but GetExtendedAgentCard answered ${said(anon)}`,
          );
        }
        if (t === 'UnsupportedOperation')
          return result(
            env,
            'extended-card',
            claim,
            'refuted',
            `the flag is on, but GetExtendedAgentCard answered ${said(anon)}`,
          );
        if (t === 'ExtendedAgentCardNotConfigured')
          return result(
            env,
            'extended-card',
            claim,
            'refuted',
            'the flag is on, but the agent has no extended card configured (ExtendedAgentCardNotConfigured)',
          );
        const publicSkills = skillIds(env.card).join(',');
        if (credentialHeaders) {
          const authed = await env.call('GetExtendedAgentCard', {}, { credentialHeaders });
          if (!authed.ok) return result(env, 'extended-card', claim, 'error', `with the credential: ${said(authed)}`);
          const ext = skillIds(authed.result);
          const same = ext.join(',') === publicSkills;
          return result(
            env,
            'extended-card',
            claim,
            'verified',
            `authenticated GetExtendedAgentCard returned a card with ${ext.length} skill(s)${same ? ' (the same skills as the public card)' : ` (public card: ${skillIds(env.card).length})`}`,
          );
        }
        if (t === 'Unauthenticated' || t === 'PermissionDenied')
          return result(
            env,
            'extended-card',
            claim,
            'verified',
            `anonymous GetExtendedAgentCard is refused (${said(anon)}); configure a credential to inspect the extended card`,
          );
        if (anon.ok) {
          // @a2a-js/sdk answers anonymous callers with the PUBLIC card (facts §9): compare skills, not status codes.
          const same = skillIds(anon.result).join(',') === publicSkills;
          return result(
            env,
            'extended-card',
            claim,
            same ? 'skipped' : 'refuted',
            same
              ? 'anonymous GetExtendedAgentCard returned the public card (no auth error); configure a credential to verify the extended card'
              : 'anonymous GetExtendedAgentCard returned a DIFFERENT card without authentication',
          );
        }
        return result(env, 'extended-card', claim, 'error', `inconclusive answer: ${said(anon)}`);
      }),
    ];
  };
}

/** Skills whose id/name/tags say they book, buy, pay, send, order, delete… are never probed unless allowed by name. */
const SIDE_EFFECT =
  /\b(book|booking|buy|purchase|order|pay|payment|checkout|send|email|sms|transfer|delete|remove|cancel|reserve|reservation|post|publish|trade)\b/i;

export function sideEffectingSkill(skill: Record<string, unknown>): boolean {
  const words = [skill.id, skill.name, ...(Array.isArray(skill.tags) ? skill.tags : [])].map((w) =>
    String(w ?? '').replace(/[-_]/g, ' '),
  );
  return words.some((w) => SIDE_EFFECT.test(w));
}

/** Decide which skill a message probe may target; undefined + reason when none is safe. */
export function safeTarget(card: Record<string, unknown>, req: SafeProbeRequest): { skill: string } | { skip: string } {
  const skills = (Array.isArray(card.skills) ? card.skills : []) as Record<string, unknown>[];
  const only = skills.length === 1 ? skills[0] : undefined;
  const id = req.skill ?? (only ? String(only.id) : undefined);
  if (!id)
    return {
      skip: "the card has several skills: say which one the test message goes to (the safe request's skill: --skill ID in a2acap probe)",
    };
  const skill = skills.find((s) => s.id === id);
  if (!skill) return { skip: `the card has no skill ${JSON.stringify(id)}` };
  if (sideEffectingSkill(skill) && !(req.allowSkills ?? []).includes(id)) {
    return {
      skip: `skill ${JSON.stringify(id)} looks side-effecting (books, buys or sends); allow it by name to probe it`,
    };
  }
  return { skill: id };
}

function message(req: SafeProbeRequest, skill: string, mediaType?: string): Record<string, unknown> {
  return {
    message: {
      messageId: `a2acap-probe-${randomId()}`,
      role: 'ROLE_USER',
      parts: [{ text: req.text, ...(mediaType ? { mediaType } : {}) }],
      metadata: { a2acapProbe: true, skill },
    },
    configuration: { returnImmediately: true },
  };
}

export function messageProbes(req: SafeProbeRequest | undefined): Probe {
  return async (env) => {
    const requiredExt = ((caps(env.card).extensions ?? []) as Record<string, unknown>[])
      .filter((e) => e?.required === true)
      .map((e) => String(e.uri));
    const names = [
      ...(caps(env.card).streaming === true ? ['streaming-message'] : []),
      ...(req?.mediaTypes ?? []).map((m) => `media-type:${m}`),
      ...requiredExt.map((u) => `required-extension:${u}`),
    ];
    if (!req)
      return names.map((n) =>
        result(
          env,
          n,
          claimOf(n),
          'skipped',
          'sends a message: runs only with a safe probe request configured for this agent',
        ),
      );
    const target = safeTarget(env.card, req);
    if ('skip' in target) return names.map((n) => result(env, n, claimOf(n), 'skipped', target.skip));
    const out: ProbeResult[] = [];
    for (const n of names) {
      out.push(
        await attempt(env, n, claimOf(n), async () => {
          if (n === 'streaming-message') {
            const r = await env.call('SendStreamingMessage', message(req, target.skill), { extensions: requiredExt });
            if (r.ok && r.streamed)
              return result(env, n, claimOf(n), 'verified', 'SendStreamingMessage answered with an event stream');
            if (errType(r) === 'UnsupportedOperation')
              return result(env, n, claimOf(n), 'refuted', `SendStreamingMessage answered ${said(r)}`);
            return result(
              env,
              n,
              claimOf(n),
              r.ok ? 'refuted' : 'error',
              r.ok ? 'answered without an event stream' : said(r),
            );
          }
          if (n.startsWith('media-type:')) {
            const type = n.slice('media-type:'.length);
            const r = await env.call('SendMessage', message(req, target.skill, type), { extensions: requiredExt });
            if (errType(r) === 'ContentTypeNotSupported')
              return result(env, n, claimOf(n), 'refuted', `a ${type} part answered ${said(r)}`);
            return result(
              env,
              n,
              claimOf(n),
              r.ok ? 'verified' : 'error',
              r.ok ? `a ${type} part was accepted` : said(r),
            );
          }
          const uri = n.slice('required-extension:'.length);
          const r = await env.call('SendMessage', message(req, target.skill), {
            extensions: requiredExt.filter((u) => u !== uri),
          });
          if (errType(r) === 'ExtensionSupportRequired')
            return result(env, n, claimOf(n), 'verified', `a call without the extension answered ${said(r)}`);
          return result(
            env,
            n,
            claimOf(n),
            r.ok ? 'refuted' : 'error',
            r.ok ? 'a call without the extension succeeded: the agent does not enforce it' : said(r),
          );
        }),
      );
    }
    return out;
  };
}

function claimOf(name: string): string {
  if (name === 'streaming-message') return 'streaming messages are answered with an event stream';
  if (name.startsWith('media-type:')) return `${name.slice(11)} input is accepted`;
  return `extension ${name.slice('required-extension:'.length)} is required`;
}
