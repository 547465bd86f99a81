/**
 * The JSON Schema of each tool's answer (`outputSchema` in tools/list). Every successful call returns its answer as
 * `structuredContent` and as the same JSON in one text (for clients without structured content); the MCP test
 * validates both against these schemas. Fixed text of ours, like the rest of the tool table. Card text is allowed
 * only under `untrusted`: the schemas name no free-text member elsewhere.
 */
type JsonSchema = Record<string, unknown>;

const str = { type: 'string' };
const bool = { type: 'boolean' };
const count = { type: 'integer', minimum: 0 };
const strings = { type: 'array', items: str };
const nullableString = { type: ['string', 'null'] };
const cursor = { type: 'string', description: 'Pass it as `cursor` for the next page.' };
const object = (properties: Record<string, unknown>, required: string[] = []): JsonSchema => ({
  type: 'object',
  properties,
  ...(required.length ? { required } : {}),
});
const recordOf = (value: unknown): JsonSchema => ({ type: 'object', additionalProperties: value });

const untrustedNotice = { notice: str, limit_chars: count };

/** The card's own words (agent, skills, suspicious-text findings), clipped: data, never instructions. */
const untrustedCard = object(
  {
    ...untrustedNotice,
    agent: object({ name: str, description: str, provider: str, documentation_url: str }),
    skills: recordOf(object({ name: str, description: str, examples: strings })),
    findings: { type: 'array', items: object({ pointer: str, message: str }, ['pointer', 'message']) },
  },
  ['notice', 'limit_chars', 'agent', 'skills', 'findings'],
);

const chosenInterface = object({ url: str, binding: str, version: str, tenant: nullableString }, [
  'url',
  'binding',
  'version',
  'tenant',
]);

const profile = object(
  {
    usable: bool,
    reason: str,
    agent_version: str,
    interface: chosenInterface,
    streaming: bool,
    push: bool,
    extended_card: bool,
    extensions: strings,
    skills: recordOf(
      object(
        { input: strings, output: strings, security: { type: 'array', items: recordOf(strings) }, tags: strings },
        ['input', 'output', 'security', 'tags'],
      ),
    ),
    schemes: recordOf(object({ type: str, flow: str }, ['type'])),
    provenance: object({
      interfaces: { type: 'array', items: { type: 'object' } },
      skills: recordOf({ type: 'object' }),
      unknownExtensions: { type: 'array', items: object({ uri: str, required: bool }, ['uri', 'required']) },
    }),
  },
  ['usable'],
);

const lintSummary = object(
  {
    errors: count,
    warnings: count,
    findings: {
      type: 'array',
      items: object({ code: str, severity: { enum: ['error', 'warning'] }, pointer: str, message: str }, [
        'code',
        'severity',
        'pointer',
        'message',
      ]),
    },
  },
  ['errors', 'warnings', 'findings'],
);

const classification = { enum: ['compatible', 'review', 'breaking'] };
const lastChecked = {
  last_classification: { enum: ['compatible', 'review', 'breaking', 'error', null] },
  checked_at: str,
};

const lockfileEvidence = object(
  {
    file: str,
    pinned_at: str,
    card_digest: str,
    skills: strings,
    skills_total: count,
    verified: recordOf({ type: ['string', 'object'] }),
    ...lastChecked,
  },
  ['file', 'pinned_at', 'card_digest', 'skills', 'skills_total'],
);

export const PROFILE_OUTPUT: JsonSchema = object(
  {
    source: str,
    profile,
    skills_total: count,
    next_cursor: cursor,
    lint: lintSummary,
    lockfiles: { type: 'array', items: lockfileEvidence },
    untrusted: untrustedCard,
  },
  ['source', 'profile', 'skills_total', 'lint', 'lockfiles', 'untrusted'],
);

export const HOW_TO_CALL_OUTPUT = object(
  {
    source: str,
    skill: str,
    endpoint: str,
    binding: str,
    tenant: nullableString,
    headers: recordOf(str),
    streaming: bool,
    request: object({ operation: { enum: ['SendMessage', 'SendStreamingMessage'] } }, ['operation']),
    fallback_operation: { const: 'SendMessage' },
    input_media_types: strings,
    output_media_types: strings,
    credentials: object(
      {
        required: bool,
        any_of: {
          type: 'array',
          items: object(
            {
              all_of: {
                type: 'array',
                items: object({ scheme: str, type: str, flow: str, scopes: strings }, ['scheme', 'type', 'scopes']),
              },
            },
            ['all_of'],
          ),
        },
      },
      ['required', 'any_of'],
    ),
    rules: strings,
    untrusted: untrustedCard,
  },
  [
    'source',
    'skill',
    'endpoint',
    'binding',
    'tenant',
    'headers',
    'streaming',
    'request',
    'input_media_types',
    'output_media_types',
    'credentials',
    'rules',
    'untrusted',
  ],
);

const checkItem = object({ level: { enum: ['breaking', 'review', 'note'] }, pointer: str, message: str, file: str }, [
  'level',
  'pointer',
  'message',
]);

/** What `a2acap check --format json` prints (core/check/report/json.ts). */
export const CHECK_LOCKFILE_OUTPUT = object(
  {
    classification: { enum: ['compatible', 'review', 'breaking', 'error'] },
    problems: { type: 'array', items: checkItem },
    notes: { type: 'array', items: checkItem },
    results: {
      type: 'array',
      items: object({ file: str, card: str, unchanged: bool, classification, error: str, stage: str }, ['file']),
    },
    summary: object({ total: count, compatible: count, review: count, breaking: count, error: count }, [
      'total',
      'compatible',
      'review',
      'breaking',
      'error',
    ]),
  },
  ['classification', 'problems', 'notes', 'results', 'summary'],
);

export const LOCKFILES_OUTPUT = object(
  {
    lockfiles: {
      type: 'array',
      items: object(
        {
          file: str,
          error: str,
          agent: str,
          agent_version: nullableString,
          pinned_at: str,
          skills: strings,
          skills_total: count,
          ...lastChecked,
        },
        ['file', 'last_classification'],
      ),
    },
    total: count,
    next_cursor: cursor,
    note: str,
  },
  ['lockfiles', 'total'],
);

export const PIN_OUTPUT = object(
  {
    written: bool,
    file: str,
    skills_pinned: count,
    lockfile_text_complete: bool,
    untrusted: object({ ...untrustedNotice, text_limit_chars: count, lockfile_text: str }, [
      'notice',
      'limit_chars',
      'text_limit_chars',
      'lockfile_text',
    ]),
  },
  ['written', 'skills_pinned', 'lockfile_text_complete', 'untrusted'],
);

const discoverStatus = {
  enum: ['usable', 'unusable', 'invalid', 'unreachable', 'catalog', 'not-followed', 'not-fetched', 'listed'],
};

/** a2a_discover: a page of entries (structural values, clipped) and the catalogs' findings; free text in untrusted. */
export const DISCOVER_OUTPUT = object(
  {
    source: str,
    entries_total: count,
    next_cursor: cursor,
    entries: {
      type: 'array',
      items: object(
        {
          index: count,
          identifier: str,
          version: str,
          type: str,
          source: str,
          status: discoverStatus,
          reason: str,
          catalog: str,
          pointer: str,
          skills: strings,
          skills_total: count,
        },
        ['index', 'identifier', 'type', 'source', 'status'],
      ),
    },
    findings: {
      type: 'array',
      items: object(
        {
          index: count,
          code: str,
          severity: { enum: ['error', 'warning', 'info', 'hint'] },
          message: str,
          pointer: str,
          catalog: str,
        },
        ['index', 'code', 'severity', 'message'],
      ),
    },
    untrusted: object(
      {
        ...untrustedNotice,
        entries: recordOf(object({ displayName: str, description: str, card_name: str, card_description: str })),
        findings: recordOf(object({ message: str }, ['message'])),
      },
      ['notice', 'limit_chars', 'entries', 'findings'],
    ),
  },
  ['source', 'entries_total', 'entries', 'findings', 'untrusted'],
);
