/**
 * The errors the library throws, as exported classes: `instanceof` narrows to them, and `name` is set explicitly
 * in each constructor, so it reads the same from the minified bundle. They are the core's own classes (thrown deep
 * inside the workflows), declared here with public types only, so the package's declarations name nothing
 * internal. Options a function cannot use are a `TypeError` that names the option.
 */
import {
  CanonicalizationError as CoreCanonicalizationError,
  NetError as CoreNetError,
  ProfileUseError as CoreProfileUseError,
  type NetErrorKind as CoreNetErrorKind,
} from '../app/errors';

/** Why a request failed: `policy` is an address the NetworkClient may not reach; `http-status` a non-2xx answer. */
export type NetErrorKind =
  | 'timeout'
  | 'too-large'
  | 'redirect-limit'
  | 'policy'
  | 'bad-scheme'
  | 'bad-url'
  | 'content-type'
  | 'http-status'
  | 'dns'
  | 'network'
  | 'aborted';

/** A network failure or refusal (fetchCard, fetchExtendedCard, probeAgent, sendToSkill, a JWKS URL). */
export interface NetErrorInstance extends Error {
  /** Always 'NetError'. */
  readonly name: string;
  readonly kind: NetErrorKind;
  /** The URL the failure is about, without userinfo. */
  readonly url: string;
  /** Facts for callers (status code, limit, refused address…); never secrets. */
  readonly details: Readonly<Record<string, string | number | boolean>>;
}
export interface NetErrorConstructor {
  new (
    kind: NetErrorKind,
    url: string,
    message: string,
    details?: Record<string, string | number | boolean>,
  ): NetErrorInstance;
  readonly prototype: NetErrorInstance;
}

/** sendToSkill with a profile that cannot be used for it: unusable, no such skill, a part the skill refuses. */
export interface ProfileUseErrorInstance extends Error {
  /** Always 'ProfileUseError'. */
  readonly name: string;
}
export interface ProfileUseErrorConstructor {
  new (message: string): ProfileUseErrorInstance;
  readonly prototype: ProfileUseErrorInstance;
}

/** A card with no canonical form (RFC 8785: too deep, a number like 1e400): it cannot be digested or pinned. */
export interface CanonicalizationErrorInstance extends Error {
  /** Always 'CanonicalizationError'. */
  readonly name: string;
  /** What is wrong and where (a JSON Pointer into the card, '' when it is the whole card). */
  readonly problem: { readonly reason: string; readonly pointer: string };
}
export interface CanonicalizationErrorConstructor {
  new (problem: { reason: string; pointer: string }): CanonicalizationErrorInstance;
  readonly prototype: CanonicalizationErrorInstance;
}

export const NetError: NetErrorConstructor = CoreNetError;
export type NetError = NetErrorInstance;
export const ProfileUseError: ProfileUseErrorConstructor = CoreProfileUseError;
export type ProfileUseError = ProfileUseErrorInstance;
export const CanonicalizationError: CanonicalizationErrorConstructor = CoreCanonicalizationError;
export type CanonicalizationError = CanonicalizationErrorInstance;

/** The public list of kinds is the core's, exactly: a kind added there fails to compile here until it is listed. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const kindsMatch: Same<NetErrorKind, CoreNetErrorKind> = true;
void kindsMatch;
