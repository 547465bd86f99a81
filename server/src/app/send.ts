/**
 * The send workflow: a message to one skill the way the compiled profile says (its interface, version and
 * extension headers, streaming only when allowed, the skill's media types checked first); answers that show the
 * profile is out of date mark the agent stale. The library's sendToSkill goes through here.
 */
import type { GrpcClient } from '../core/net/grpc';
import { sendToSkill, type OutgoingPart, type SendOptions, type SendResult } from '../core/send/sendToSkill';
import type { CompiledProfile } from '../core/types';

export type { OutgoingPart, SendResult };

export interface SendRequest extends Omit<SendOptions, 'grpc'> {
  profile: CompiledProfile;
  skillId: string;
  parts: readonly OutgoingPart[];
  /** Opened only when the profile's interface is GRPC. */
  grpc?: () => GrpcClient;
}

export function send(request: SendRequest): Promise<SendResult> {
  const { profile, skillId, parts, grpc, ...options } = request;
  return sendToSkill(profile, skillId, [...parts], {
    ...options,
    grpc: profile.interface?.binding === 'GRPC' && grpc ? grpc() : undefined,
  });
}
