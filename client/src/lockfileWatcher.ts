/**
 * Keeps the workspace's lockfiles honest: checks them live through the language server (conditional
 * fetches; the server's card cache makes unchanged agents a 304) on a schedule (setting
 * `a2a.lockfiles.checkInterval`: off | hourly | daily, default daily), when a lockfile is opened, and on
 * "A2A: Check Lockfiles Now". A check never writes a lockfile.
 *
 * - compatible: diagnostics cleared, nothing said (the cache was updated by the check itself);
 * - review: a warning with "Run probes" and "Show diff";
 * - breaking: an error notification with "Show diff", the problems as diagnostics on the lockfile members
 *   they are about, and the status bar item turns red;
 * - error (agent unreachable, corrupt lockfile, invalid card): a diagnostic with the cause (a notification
 *   only on the command); never "compatible".
 * Notifications are shown when a lockfile's verdict changes (and for every non-compatible one on the
 * command), so a daily check does not repeat yesterday's news. In an untrusted workspace nothing runs.
 */
import * as vscode from 'vscode';
import { CheckLockfilesRequest, type LockfileCheckEntry } from '../../server/src/protocol';
import type { ExtensionServices } from './context';

const INTERVALS: Record<string, number | undefined> = { hourly: 3_600_000, daily: 86_400_000, off: undefined };
const SEVERITY = {
  breaking: vscode.DiagnosticSeverity.Error,
  error: vscode.DiagnosticSeverity.Error,
  review: vscode.DiagnosticSeverity.Warning,
  note: vscode.DiagnosticSeverity.Information,
} as const;
const CLIENT_WAIT_MS = 60_000;

export type CheckReason = 'schedule' | 'open' | 'command' | 'stale' | 'update';

export class LockfileWatcher implements vscode.Disposable {
  readonly diagnostics = vscode.languages.createDiagnosticCollection('a2a-lockfiles');
  private readonly status = vscode.window.createStatusBarItem('a2a.lockfiles', vscode.StatusBarAlignment.Left, 10);
  private readonly verdicts = new Map<string, LockfileCheckEntry['verdict']>();
  private readonly disposables: vscode.Disposable[] = [];
  private timer: ReturnType<typeof setInterval> | undefined;
  /** The latest results, for tests and the "Show diff" default. */
  readonly results = new Map<string, LockfileCheckEntry>();

  constructor(private readonly services: ExtensionServices) {
    this.status.name = 'A2A lockfiles';
    this.status.command = 'a2a.checkLockfiles';
    this.disposables.push(
      this.diagnostics,
      this.status,
      vscode.workspace.onDidOpenTextDocument((doc) => {
        if (this.isLockfile(doc)) void this.check('open', [doc.uri]);
      }),
      // Live results are about the text that was checked: once the lockfile is edited they would point at
      // the wrong members, so they go until the next check (the server's own diagnostics stay current).
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length > 0 && this.diagnostics.has(e.document.uri)) this.diagnostics.delete(e.document.uri);
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('a2a.lockfiles.checkInterval')) this.schedule();
      }),
      vscode.workspace.onDidGrantWorkspaceTrust(() => void this.check('schedule')),
    );
  }

  /** First check once the language client runs, then on the configured schedule. */
  start(): void {
    this.schedule();
    void this.whenClientReady().then((ready) => { if (ready) void this.check('schedule'); });
  }

  private schedule(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    const interval = vscode.workspace.getConfiguration('a2a').get<string>('lockfiles.checkInterval', 'daily');
    const ms = INTERVALS[interval];
    if (ms) this.timer = setInterval(() => void this.check('schedule'), ms);
  }

  private async whenClientReady(): Promise<boolean> {
    const started = Date.now();
    while (Date.now() - started < CLIENT_WAIT_MS) {
      if (this.services.client()?.isRunning()) return true;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return false;
  }

  isLockfile(doc: vscode.TextDocument): boolean {
    if (doc.uri.scheme !== 'file') return false;
    if (doc.languageId === 'a2a-lockfile') return true;
    const globs = vscode.workspace.getConfiguration('a2a').get<string[]>('files.lockfiles', []);
    return globs.some((pattern) => vscode.languages.match({ pattern }, doc) > 0);
  }

  async findLockfiles(): Promise<vscode.Uri[]> {
    const globs = vscode.workspace.getConfiguration('a2a').get<string[]>('files.lockfiles', []);
    const found = await Promise.all(globs.map((g) => vscode.workspace.findFiles(g, '**/node_modules/**', 1000)));
    const byString = new Map(found.flat().map((u) => [u.toString(), u]));
    return [...byString.values()];
  }

  /** Checks the given lockfiles (default: all in the workspace). Returns the results, [] when nothing ran. */
  async check(reason: CheckReason, uris?: vscode.Uri[]): Promise<LockfileCheckEntry[]> {
    if (!this.services.isTrusted()) {
      this.status.text = '$(shield) A2A lockfiles: not checked (untrusted workspace)';
      this.status.show();
      return [];
    }
    const client = this.services.client();
    if (!client?.isRunning()) return [];
    const targets = uris ?? await this.findLockfiles();
    if (targets.length === 0) {
      if (reason === 'command') void vscode.window.showInformationMessage('A2A: no lockfiles in this workspace.');
      return [];
    }
    const { results } = await client.sendRequest(CheckLockfilesRequest.type, { uris: targets.map((u) => u.toString()) });
    for (const entry of results) this.apply(entry, reason);
    this.updateStatus();
    if (reason === 'command' && results.every((r) => r.verdict === 'compatible')) {
      void vscode.window.showInformationMessage(`A2A: ${results.length} lockfile${results.length === 1 ? '' : 's'} checked, all compatible.`);
    }
    return results;
  }

  private apply(entry: LockfileCheckEntry, reason: CheckReason): void {
    const uri = vscode.Uri.parse(entry.uri);
    this.results.set(entry.uri, entry);
    this.diagnostics.set(uri, entry.items.map((item) => {
      const d = new vscode.Diagnostic(
        new vscode.Range(item.range.start.line, item.range.start.character, item.range.end.line, item.range.end.character),
        `${item.message} (live check)`,
        SEVERITY[item.level],
      );
      d.source = 'a2a';
      d.code = item.level === 'error' ? 'lockfile-error' : `lockfile-${item.level}`;
      return d;
    }));
    const before = this.verdicts.get(entry.uri);
    this.verdicts.set(entry.uri, entry.verdict);
    if (before === entry.verdict && reason !== 'command') return;
    void this.notify(uri, entry, reason);
  }

  private async notify(uri: vscode.Uri, entry: LockfileCheckEntry, reason: CheckReason): Promise<void> {
    const name = vscode.workspace.asRelativePath(uri);
    const first = entry.items.find((i) => i.level === entry.verdict)?.message ?? entry.items[0]?.message ?? '';
    let choice: string | undefined;
    if (entry.verdict === 'breaking') {
      choice = await vscode.window.showErrorMessage(`A2A: ${name} is broken by the agent's current card: ${first}`, 'Show diff');
    } else if (entry.verdict === 'review') {
      choice = await vscode.window.showWarningMessage(`A2A: the agent of ${name} changed (review): ${first}`, 'Run probes', 'Show diff');
    } else if (entry.verdict === 'error' && reason === 'command') {
      // Unreachable agents are common at startup (a laptop offline): diagnostics and the status item say
      // so; a notification only when the user asked for the check.
      void vscode.window.showWarningMessage(`A2A: ${name} could not be checked: ${first}`);
    }
    if (choice === 'Show diff') await vscode.commands.executeCommand('a2a.showDiff', uri);
    if (choice === 'Run probes') await vscode.commands.executeCommand('a2a.probeAgent', entry.agent);
  }

  private updateStatus(): void {
    const all = [...this.verdicts.values()];
    const breaking = all.filter((v) => v === 'breaking').length;
    const review = all.filter((v) => v === 'review').length;
    const errors = all.filter((v) => v === 'error').length;
    if (breaking > 0) {
      this.status.text = `$(error) A2A: ${breaking} lockfile${breaking === 1 ? '' : 's'} breaking`;
      this.status.backgroundColor = new vscode.ThemeColor('statusBarItem.errorBackground');
    } else if (review > 0 || errors > 0) {
      const parts = [review ? `${review} to review` : '', errors ? `${errors} not checked` : ''].filter(Boolean);
      this.status.text = `$(warning) A2A lockfiles: ${parts.join(', ')}`;
      this.status.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
    } else {
      this.status.text = `$(check) A2A: ${all.length} lockfile${all.length === 1 ? '' : 's'} compatible`;
      this.status.backgroundColor = undefined;
    }
    this.status.tooltip = 'A2A capability lockfiles, checked against the live agents. Click to check now.';
    this.status.show();
  }

  dispose(): void {
    if (this.timer) clearInterval(this.timer);
    for (const d of this.disposables) d.dispose();
  }
}
