/**
 * What the live-agent commands (fetch card, probe agent) show: notification text, output-channel lines and the
 * probe list. The language server answers already redacted: every text of a live response has passed the
 * redactor that knows the credential sent with the request and the userinfo of its URL (server/src/lsp/liveRequests.ts),
 * so a credential an agent quotes back never reaches a notification, the output channel or a list.
 * Without vscode imports, so it is tested on its own.
 */
import type { FetchCardResponse, ProbeAgentResponse } from '../../server/src/protocol';

/**
 * The URL the user gave, as a notification shows it before the server has answered: without its userinfo
 * (`https://user:secret@host/` → `https://host/`).
 */
export function shownUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#@]*@/i, '$1');
}

/**
 * A failure of a live request as one line. The server never fails a live request with an agent's text (its
 * handlers answer a redacted fallback instead), so what arrives here is the connection's own error.
 */
export function failureText(what: string, err: unknown): string {
  return `${what} failed: ${String(err)}`;
}

/** One line for a notification: fetched/cached, valid, signature, usable interface, extended card status. */
export function fetchSummary(r: FetchCardResponse): string {
  const parts = [`${r.status ?? 'fetched'}`, r.valid ? 'valid' : 'NOT valid'];
  if (r.signature) parts.push(`signature ${r.signature.outcome}`);
  if (r.profile)
    parts.push(
      r.profile.usable
        ? `usable (${r.profile.interface?.binding ?? '?'} ${r.profile.interface?.version ?? ''})`
        : 'unusable',
    );
  if (r.extended) parts.push(`extended: ${r.extended.status}`);
  return parts.join(' · ');
}

/** The output-channel lines of a fetch (the first 20 error findings). */
export function fetchOutputLines(title: string, r: FetchCardResponse): string[] {
  const lines = [`${title}: ${r.url}: ${fetchSummary(r)}`];
  if (r.signature) lines.push(`  signature: ${r.signature.detail}`);
  if (r.extended) lines.push(`  extended card: ${r.extended.message}`);
  for (const f of r.findings.filter((x) => x.severity === 'error').slice(0, 20))
    lines.push(`  ${f.pointer || '/'}: ${f.message}`);
  return lines;
}

/** The output-channel lines of a probe: one per result. */
export function probeOutputLines(report: ProbeAgentResponse): string[] {
  return [
    `Probe ${report.agent}:`,
    ...report.results.map(
      (r) => `  ${r.outcome.toUpperCase().padEnd(8)} ${r.probe}: ${r.claim} — ${r.detail} (${r.at})`,
    ),
  ];
}

const ICONS: Record<string, string> = {
  verified: '$(check)',
  refuted: '$(error)',
  skipped: '$(circle-slash)',
  error: '$(warning)',
};

/** The probe list: its title and one item per result. */
export function probePick(report: ProbeAgentResponse): {
  title: string;
  items: { label: string; description: string; detail: string }[];
} {
  const refuted = report.results.filter((r) => r.outcome === 'refuted').length;
  return {
    title: `A2A: ${report.agent}: ${refuted ? `${refuted} claim(s) refuted` : 'no claim refuted'}`,
    items: report.results.map((r) => ({
      label: `${ICONS[r.outcome] ?? ''} ${r.probe}`,
      description: r.claim,
      detail: `${r.outcome}: ${r.detail}`,
    })),
  };
}

/**
 * Why a typed credential cannot be stored, or undefined: a line break or control character would split the header
 * it travels in, so the server would never send it (better said now than on every fetch).
 */
export function credentialInputProblem(value: string): string | undefined {
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  return /[\u0000-\u001f\u007f]/.test(value.trim())
    ? 'the credential contains a line break or control character: paste the token alone'
    : undefined;
}
