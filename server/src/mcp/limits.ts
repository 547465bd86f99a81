/**
 * The bounds of one tool call. A model may call a tool in a loop, with arguments steered by what it read: every
 * call does bounded work and returns a bounded answer, whatever the card or the agent holds.
 */
export const LIMITS = {
  /** Card text (names, descriptions, examples, provider, agent error texts): characters kept per string. */
  untrustedChars: 500,
  /** Identifiers and values we pass on structurally (skill ids, media types, URLs, tags): characters per string. */
  valueChars: 300,
  /** The lockfile text a2a_pin returns (inside `untrusted`): characters in all, each value clipped at valueChars. */
  lockfileTextChars: 16_000,
  /** Examples kept per skill. */
  examplesPerSkill: 5,
  /** Skills returned per call; the rest through `cursor`. */
  skillsPerPage: 50,
  /** Lockfiles returned per call by a2a_lockfiles; the rest through `cursor`. */
  lockfilesPerPage: 50,
  /** Directories visited when looking for lockfiles under the roots. */
  directoriesVisited: 5000,
  /** Lint findings returned per call (the count says how many there were). */
  findings: 100,
  /** Wall-clock time per call. */
  callMs: 30_000,
  /** One HTTP request (a card fetch). */
  requestMs: 10_000,
  /** Card size, bytes (the CLI's default limit; `--max-card-bytes` at launch changes it). */
  cardBytes: 1024 * 1024,
} as const;
