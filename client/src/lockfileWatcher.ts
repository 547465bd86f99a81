/**
 * Keeps the workspace's lockfiles honest: checks them live through the language server (conditional
 * fetches; the server's card cache makes unchanged agents a 304) on a schedule (setting
 * `a2a.lockfiles.checkInterval`: off | hourly | daily, default daily), when a lockfile is opened, and on
 * "A2A: Check Lockfiles Now". A check never writes a lockfile.
 *
 * - compatible: nothing said (the cache was updated by the check itself);
 * - review: a warning with "Run probes" and "Show diff";
 * - breaking: an error notification with "Show diff", and the status bar item turns red;
 * - error (agent unreachable, corrupt lockfile, invalid card): never "compatible" (a notification only on
 *   the command).
 * The DIAGNOSTICS are the language server's, not this watcher's: a check teaches the server the agent's live
 * card, and the server publishes the lockfile's diagnostics against it (codes lockfile-breaking/-review/
 * -note/-error), so each problem appears once and stays right while the lockfile is edited.
 * Notifications are shown when a lockfile's verdict changes (and for every non-compatible one on the
 * command), so a daily check does not repeat yesterday's news.
 *
 * Stale markers: a workflow using the core's profile-driven client records runtime errors in
 * `.a2a/stale.json` (core/send/fileStaleMarkers.ts). When that file changes in a workspace folder, the
 * lockfiles pinning a marked agent are re-checked (the server re-fetches without validators and clears the
 * marker). In an untrusted workspace nothing runs.
 */
import * as vscode from 'vscode';
import { CheckLockfilesRequest, type LockfileCheckEntry } from '../../server/src/protocol';
import type { CheckReason, ExtensionServices } from './context';
import { showError, showInfo, showWarning } from './notify';

/**
 * A lockfile's verdict as its diagnostics from the language server say it (the codes of
 * server/src/app/document/diagnostics.ts LOCKFILE_CHECK_CODES; any other error of ours: not checkable).
 */
export function verdictOfDiagnostics(diagnostics: readonly vscode.Diagnostic[]): LockfileCheckEntry['verdict'] {
  const ours = diagnostics.filter((d) => d.source === 'a2a');
  const code = (d: vscode.Diagnostic) => (typeof d.code === 'object' ? String(d.code.value) : String(d.code));
  if (ours.some((d) => code(d) === 'lockfile-breaking')) return 'breaking';
  if (ours.some((d) => code(d) === 'lockfile-error' || d.severity === vscode.DiagnosticSeverity.Error)) return 'error';
  if (ours.some((d) => code(d) === 'lockfile-review')) return 'review';
  return 'compatible';
}

const INTERVALS: Record<string, number | undefined> = { hourly: 3_600_000, daily: 86_400_000, off: undefined };
const CLIENT_WAIT_MS = 60_000;
/**
 * Where workflows record stale markers, relative to a workspace folder: the core's DEFAULT_STALE_FILE
 * (fileStaleMarkers.ts) with forward slashes, as Uri.joinPath and file-watcher globs want it.
 */
export const STALE_MARKERS_PATH = '.a2a/stale.json';

export class LockfileWatcher implements vscode.Disposable {
  private readonly status = vscode.window.createStatusBarItem('a2a.lockfiles', vscode.StatusBarAlignment.Left, 10);
  /** What the status item counts: each lockfile's latest verdict (a check's, or its diagnostics' since). */
  private readonly verdicts = new Map<string, LockfileCheckEntry['verdict']>();
  /** The latest CHECK verdict per lockfile: notifications say when it changes. */
  private readonly checked = new Map<string, LockfileCheckEntry['verdict']>();
  private readonly disposables: vscode.Disposable[] = [];
  private timer: ReturnType<typeof setInterval> | undefined;
  /** The latest results, for tests and the "Show diff" default. */
  readonly results = new Map<string, LockfileCheckEntry>();

  constructor(private readonly services: Pick<ExtensionServices, 'client' | 'isTrusted'>) {
    this.status.name = 'A2A lockfiles';
    this.status.command = 'a2a.checkLockfiles';
    const staleFiles = vscode.workspace.createFileSystemWatcher(`**/${STALE_MARKERS_PATH}`);
    const onStale = (uri: vscode.Uri) => void this.checkStale(uri);
    this.disposables.push(
      this.status,
      staleFiles,
      staleFiles.onDidCreate(onStale),
      staleFiles.onDidChange(onStale),
      vscode.workspace.onDidOpenTextDocument((doc) => {
        if (this.isLockfile(doc)) void this.check('open', [doc.uri]);
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('a2a.lockfiles.checkInterval')) this.schedule();
      }),
      vscode.workspace.onDidGrantWorkspaceTrust(() => void this.check('schedule')),
      vscode.languages.onDidChangeDiagnostics((e) => this.followDiagnostics(e.uris)),
    );
  }

  /** First check once the language client runs, then on the configured schedule. */
  start(): void {
    this.schedule();
    void this.whenClientReady().then((ready) => {
      if (ready) void this.check('schedule');
    });
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

  /**
   * A stale-markers file changed: re-check the workspace lockfiles whose agent it marks (the server reads
   * the file, refreshes without validators, clears the markers it handled). Returns the results.
   */
  async checkStale(staleFile: vscode.Uri): Promise<LockfileCheckEntry[]> {
    return this.check('stale', undefined, staleFile);
  }

  /** Checks the given lockfiles (default: all in the workspace). Returns the results, [] when nothing ran. */
  async check(reason: CheckReason, uris?: vscode.Uri[], staleFile?: vscode.Uri): Promise<LockfileCheckEntry[]> {
    if (!this.services.isTrusted()) {
      this.status.text = '$(shield) A2A lockfiles: not checked (untrusted workspace)';
      this.status.show();
      return [];
    }
    const client = this.services.client();
    if (!client?.isRunning()) return [];
    const targets = uris ?? (await this.findLockfiles());
    if (targets.length === 0) {
      if (reason === 'command') void showInfo('A2A: no lockfiles in this workspace.');
      return [];
    }
    const stale = staleFile ?? (await this.defaultStaleFile());
    const { results } = await client.sendRequest(CheckLockfilesRequest.type, {
      uris: targets.map((u) => u.toString()),
      // A full check also honours the markers; a change of the markers file checks only the marked agents.
      ...(stale ? { staleMarkers: stale.toString(), onlyStale: reason === 'stale' } : {}),
    });
    for (const entry of results) this.apply(entry, reason);
    this.updateStatus();
    if (reason === 'command' && results.every((r) => r.verdict === 'compatible')) {
      void showInfo(`A2A: ${results.length} lockfile${results.length === 1 ? '' : 's'} checked, all compatible.`);
    }
    return results;
  }

  /** The `.a2a/stale.json` of the first workspace folder that has one. */
  private async defaultStaleFile(): Promise<vscode.Uri | undefined> {
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      const uri = vscode.Uri.joinPath(folder.uri, STALE_MARKERS_PATH);
      try {
        await vscode.workspace.fs.stat(uri);
        return uri;
      } catch {
        // none in this folder
      }
    }
    return undefined;
  }

  private apply(entry: LockfileCheckEntry, reason: CheckReason): void {
    const uri = vscode.Uri.parse(entry.uri);
    this.results.set(entry.uri, entry);
    const before = this.checked.get(entry.uri);
    this.checked.set(entry.uri, entry.verdict);
    this.verdicts.set(entry.uri, entry.verdict);
    if (before === entry.verdict && reason !== 'command') return;
    void this.notify(uri, entry, reason);
  }

  private async notify(uri: vscode.Uri, entry: LockfileCheckEntry, reason: CheckReason): Promise<void> {
    const name = vscode.workspace.asRelativePath(uri);
    const first = entry.items.find((i) => i.level === entry.verdict)?.message ?? entry.items[0]?.message ?? '';
    let choice: string | undefined;
    if (entry.verdict === 'breaking') {
      choice = await showError(`A2A: ${name} is broken by the agent's current card: ${first}`, 'Show diff');
    } else if (entry.verdict === 'review') {
      choice = await showWarning(`A2A: the agent of ${name} changed (review): ${first}`, 'Run probes', 'Show diff');
    } else if (entry.verdict === 'error' && reason === 'command') {
      // Unreachable agents are common at startup (a laptop offline): diagnostics and the status item say
      // so; a notification only when the user asked for the check.
      void showWarning(`A2A: ${name} could not be checked: ${first}`);
    }
    if (choice === 'Show diff') await vscode.commands.executeCommand('a2a.showDiff', uri);
    // The server probes the agent this lockfile names, as repository content (not as a URL the user typed); a
    // lockfile that pins a card file has no agent to probe, so the command asks for a URL.
    if (choice === 'Run probes')
      await vscode.commands.executeCommand(
        'a2a.probeAgent',
        entry.agent && /^https?:\/\//i.test(entry.agent) ? { agent: entry.agent, lockfile: entry.uri } : undefined,
      );
  }

  /**
   * The server re-publishes a lockfile's diagnostics whenever it learns something newer (a fetched card, a
   * pin, a card or lockfile changed on disk): the status item follows them, so it never shows a verdict
   * older than the diagnostics do. Only lockfiles a check covered are tracked; no notification is shown.
   */
  private followDiagnostics(uris: readonly vscode.Uri[]): void {
    let changed = false;
    for (const uri of uris) {
      const key = uri.toString();
      const before = this.verdicts.get(key);
      if (before === undefined) continue;
      const now = verdictOfDiagnostics(vscode.languages.getDiagnostics(uri));
      if (now === before) continue;
      this.verdicts.set(key, now);
      changed = true;
    }
    if (changed) this.updateStatus();
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
