#!/usr/bin/env node
/**
 * The logic of the composite GitHub Action (action.yml): one `a2acap check` over the lockfiles a glob names, with
 * its GitHub annotations in the step log (`::error file=…,line=…::` on the lockfile members that broke, one line
 * per lockfile that could not be checked, the summary line), SARIF written to a file whose path is an output (for
 * github/codeql-action/upload-sarif), the markdown report appended to $GITHUB_STEP_SUMMARY, and the exit code of
 * the check (0, 1 as --fail-on decides, 2 when something could not be checked, the inputs are wrong, or a2acap
 * could not be obtained or crashed: anything that is not a result, with an `::error::` line saying why). It
 * uploads nothing and needs no token.
 *
 * a2acap is the CLI bundle committed with the action (action/dist, at the ref the workflow names: no npm, no
 * build on the runner), or a published version through npx (`package`), or one already on the runner (`cli`).
 *
 * Inputs come as INPUT_* environment variables (action.yml maps them; a composite action does not do it on its
 * own), the runner's world as GITHUB_WORKSPACE, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, GITHUB_EVENT_PATH and RUNNER_TEMP.
 *
 * On a pull request, the event payload's labels decide approval: with the `approval-label` on the pull request,
 * breaking results pass and are reported as approved (a2acap check --approved-by); without it a failing check's
 * summary says which label approves. Label names are whatever someone with triage rights typed: they are escaped
 * wherever they are shown.
 *
 * The lockfiles (and a --card file) are repository content, possibly from a fork's pull request: the glob is
 * expanded inside the workspace only (no absolute patterns, no `..`, symbolic links leading out are skipped and
 * symlinked folders not walked), and the URLs in them reach what `a2acap` allows (public addresses unless
 * allow-network says more, passed on as A2ACAP_ALLOW_NETWORK).
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const MODES = ['live', 'card'];
const FAIL_ON = ['breaking', 'review', 'note'];
/** Folders never walked for lockfiles: the repository's own metadata and installed dependencies. */
const SKIPPED_DIRS = new Set(['.git', 'node_modules']);

class InputError extends Error {}

/**
 * Whether a2acap's output is a report (a SARIF log): what tells a result (exit 0, 1 or 2 with a report) from a
 * run that never happened. npx exits 1 when it cannot obtain the package, and Node exits 1 on a crash: without
 * this, both would read as "failed at the fail-on level".
 * @param {string} text
 */
export function isSarifReport(text) {
  try {
    const log = JSON.parse(text);
    return log !== null && typeof log === 'object' && log.version === '2.1.0' && Array.isArray(log.runs);
  } catch {
    return false;
  }
}

/**
 * A file name or input as shown in the log: the runner reads any line starting with "::" as a workflow
 * command, so a name with a line break (a fork can commit one) must not start a line of its own.
 * @param {string} text
 */
export function shown(text) {
  return text.replace(
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * A label name or other untrusted text for the markdown job summary: every character that markdown, HTML or
 * GitHub's autolinks could read as syntax becomes an entity, and `@` gets a zero-width space (no @mention).
 * @param {string} text
 */
export function markdownText(text) {
  return shown(text).replace(/[^A-Za-z0-9 _-]/g, (c) => (c === '@' ? '&#64;&#8203;' : `&#${c.codePointAt(0)};`));
}

/**
 * The pull request of the event payload (GITHUB_EVENT_PATH): its label names and base commit. Undefined when the
 * event is not a pull request or the payload cannot be read (then nothing is approved). The payload is untrusted:
 * only string names are taken, and the base only when it is a commit id.
 * @param {string | undefined} eventPath
 * @param {(message: string) => void} warn
 * @returns {{ labels: string[], baseSha?: string } | undefined}
 */
export function pullRequestOf(eventPath, warn) {
  if (!eventPath) return undefined;
  let payload;
  try {
    payload = JSON.parse(readFileSync(eventPath, 'utf8'));
  } catch (err) {
    warn(
      `the event payload (GITHUB_EVENT_PATH) could not be read: ${err instanceof Error ? err.message : String(err)}`,
    );
    return undefined;
  }
  const pr = payload !== null && typeof payload === 'object' ? payload.pull_request : undefined;
  if (pr === null || typeof pr !== 'object') return undefined;
  const labels = Array.isArray(pr.labels)
    ? pr.labels
        .map((l) => (l !== null && typeof l === 'object' ? l.name : undefined))
        .filter((n) => typeof n === 'string')
    : [];
  const sha = pr.base !== null && typeof pr.base === 'object' ? pr.base.sha : undefined;
  return { labels, ...(typeof sha === 'string' && /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(sha) ? { baseSha: sha } : {}) };
}

/** @param {string} name @returns {string} the input as action.yml passed it, trimmed ('' when absent). */
function input(name) {
  return (process.env[`INPUT_${name.toUpperCase().replace(/-/g, '_')}`] ?? '').trim();
}

/**
 * One glob pattern as a regular expression over '/'-separated paths relative to the workspace:
 * `**` any number of folders, `*` and `?` within one name, `{a,b}` alternatives.
 * @param {string} pattern
 */
export function globRegExp(pattern) {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*' && pattern[i + 1] === '*') {
      const slashAfter = pattern[i + 2] === '/';
      out += slashAfter ? '(?:[^/]+/)*' : '.*';
      i += slashAfter ? 2 : 1;
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '{') {
      const end = pattern.indexOf('}', i);
      if (end < 0) throw new InputError(`lockfiles: unclosed "{" in ${JSON.stringify(pattern)}`);
      out += `(?:${pattern
        .slice(i + 1, end)
        .split(',')
        .map((alt) =>
          alt
            .replace(/[.+^$()|[\]\\]/g, '\\$&')
            .replace(/\*/g, '[^/]*')
            .replace(/\?/g, '[^/]'),
        )
        .join('|')})`;
      i = end;
    } else out += c.replace(/[.+^$()|[\]\\{}]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

/**
 * The patterns of the `lockfiles` input (one per line; `!` excludes; `#` comments), refused when they would
 * name anything outside the workspace.
 * @param {string} text
 */
export function parsePatterns(text) {
  const include = [];
  const exclude = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const negated = line.startsWith('!');
    const pattern = (negated ? line.slice(1) : line).replace(/^(\.\/)+/, '');
    if (isAbsolute(pattern) || /^[A-Za-z]:/.test(pattern) || pattern.startsWith('~'))
      throw new InputError(
        `lockfiles: ${JSON.stringify(line)} is not a path inside the workspace (patterns are relative to it)`,
      );
    if (pattern.split(/[\\/]/).includes('..'))
      throw new InputError(`lockfiles: ${JSON.stringify(line)} leaves the workspace ("..")`);
    (negated ? exclude : include).push(globRegExp(pattern));
  }
  if (include.length === 0) throw new InputError('lockfiles: no pattern given (e.g. **/*.a2a-lock.json)');
  return { include, exclude };
}

/** @param {string} child @param {string} parent */
function inside(child, parent) {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * The files under the workspace the patterns name, '/'-separated and relative to it, sorted. Symbolic links to
 * files are kept only when they resolve inside the workspace; symlinked folders are not walked.
 * @param {string} workspace a real path
 * @param {{ include: RegExp[], exclude: RegExp[] }} patterns
 * @param {(message: string) => void} warn
 */
export function expandLockfiles(workspace, patterns, warn) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const abs = join(dir, entry.name);
      const rel = relative(workspace, abs).split(sep).join('/');
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(abs);
        continue;
      }
      if (!patterns.include.some((re) => re.test(rel)) || patterns.exclude.some((re) => re.test(rel))) continue;
      if (entry.isSymbolicLink()) {
        let target;
        try {
          target = realpathSync(abs);
        } catch {
          warn(`${shown(rel)}: a broken symbolic link, skipped`);
          continue;
        }
        if (!inside(target, workspace)) {
          warn(`${shown(rel)}: a symbolic link to outside the workspace, skipped`);
          continue;
        }
        if (!statSync(target).isFile()) continue;
      } else if (!entry.isFile()) continue;
      found.push(rel);
    }
  };
  walk(workspace);
  return found.sort();
}

/**
 * A path input (the card) as a path relative to the workspace, refused when it leads out of it (directly,
 * or through a symbolic link).
 * @param {string} workspace @param {string} name @param {string} value
 */
function workspacePath(workspace, name, value) {
  const abs = resolve(workspace, value);
  let real = abs;
  try {
    real = realpathSync(abs);
  } catch {
    /* a missing file: a2acap says so */
  }
  if (!inside(abs, workspace) || !inside(real, workspace))
    throw new InputError(`${name}: ${JSON.stringify(value)} is outside the workspace`);
  return relative(workspace, abs) || '.';
}

/** The label that approves breaking changes when the `approval-label` input is not set. */
const DEFAULT_APPROVAL_LABEL = 'approved-breaking-change';

/** The CLI bundle committed with the action (npm run build:action): what runs unless `cli` or `package` says otherwise. */
export const BUNDLED_CLI = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'action', 'dist', 'cli.cjs');

/**
 * The command that runs a2acap: the `cli` input (a JS entry run with this Node, or an executable), else the npm
 * package named by `package` through npx, else the bundle committed with the action at the ref the workflow named.
 * @param {string} cli @param {string} pkg
 * @returns {string[]}
 */
function a2acapCommand(cli, pkg) {
  if (cli) return /\.[cm]?js$/.test(cli) ? [process.execPath, resolve(cli)] : [resolve(cli)];
  if (pkg) return ['npx', '--yes', `--package=${pkg}`, '--', 'a2acap'];
  return [process.execPath, BUNDLED_CLI];
}

/** What runs, as the error line names it. */
function a2acapSource() {
  if (input('cli')) return 'cli';
  return input('package') ? `package ${input('package')}` : 'the bundled action/dist/cli.cjs';
}

/**
 * Runs a2acap with its stdout and stderr in the step log (the annotations are its stdout).
 * @param {string[]} command @param {NodeJS.ProcessEnv} env @param {string} cwd
 * @returns {Promise<number>}
 */
function run(command, env, cwd) {
  return new Promise((done, fail) => {
    const child = spawn(command[0], command.slice(1), { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', fail);
    child.on('close', (code, signal) => done(code ?? (signal ? 2 : 0)));
  });
}

/** @param {string} path @returns {string} the file's text, '' when there is none. */
function readIfAny(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/**
 * One output in the GITHUB_OUTPUT file, in the delimiter form so no value can add another output.
 * @param {string} name @param {string} value
 */
function setOutput(name, value) {
  const file = process.env.GITHUB_OUTPUT;
  if (!file) return;
  const delimiter = `a2acap_${randomBytes(12).toString('hex')}`;
  appendFileSync(file, `${name}<<${delimiter}\n${value}\n${delimiter}\n`);
}

/**
 * The revision `--since` compares with: the `since` input, else the pull request's base commit when the checkout
 * has it (a shallow checkout does not: then a warning, and no comparison).
 * @param {string} given @param {string | undefined} baseSha @param {string} workspace
 * @returns {string | undefined}
 */
function sinceRevision(given, baseSha, workspace) {
  if (given) return given;
  if (!baseSha) return undefined;
  const probe = spawnSync('git', ['cat-file', '-e', `${baseSha}^{commit}`], { cwd: workspace, stdio: 'ignore' });
  if (probe.status === 0) return baseSha;
  console.log(
    `::warning::the pull request's base commit ${baseSha} is not in the checkout (use actions/checkout with fetch-depth: 0): every problem counts as new`,
  );
  return undefined;
}

/**
 * What a failing pull request is told: which label approves its breaking changes.
 * @param {string} label @param {(text: string) => string} [escape]
 */
function approvalHint(label, escape = (t) => shown(JSON.stringify(t))) {
  return `To approve these breaking changes, add the label ${escape(label)} to the pull request and run the check again.`;
}

async function main() {
  const workspace = realpathSync(process.env.GITHUB_WORKSPACE || process.cwd());
  const temp = process.env.RUNNER_TEMP || join(workspace, '..');
  const mode = input('mode') || 'live';
  if (!MODES.includes(mode)) throw new InputError(`mode: ${JSON.stringify(mode)} is not one of ${MODES.join(', ')}`);
  const failOn = input('fail-on') || 'breaking';
  if (!FAIL_ON.includes(failOn))
    throw new InputError(`fail-on: ${JSON.stringify(failOn)} is not one of ${FAIL_ON.join(', ')}`);
  const card = input('card');
  if (mode === 'card' && !card) throw new InputError('mode card needs the card input (a card file in the repository)');
  if (mode === 'live' && card) throw new InputError('card applies to mode card, not to mode live');

  const lockfiles = expandLockfiles(workspace, parsePatterns(input('lockfiles') || '**/*.a2a-lock.json'), (m) =>
    console.log(`::warning::${m}`),
  );
  if (lockfiles.length === 0)
    throw new InputError(`lockfiles: no file matches ${JSON.stringify(input('lockfiles') || '**/*.a2a-lock.json')}`);
  console.log(
    `a2acap check (${mode}) of ${lockfiles.length} lockfile${lockfiles.length === 1 ? '' : 's'}:\n  ${lockfiles.map(shown).join('\n  ')}`,
  );

  const sarifFile = resolve(workspace, input('sarif-file') || join(temp, 'a2acap.sarif'));
  const args = ['check', '--fail-on', failOn];
  if (mode === 'card') args.push('--card', workspacePath(workspace, 'card', card));
  else {
    args.push('--live', '--cache-dir', resolve(workspace, input('cache-dir') || join(temp, 'a2acap-cache')));
  }
  // Another a2acap (`cli`, `package`) may predate --approved-by and --since and reject them (exit 2): the Action
  // passes what it derives by itself only to the bundled CLI, and what the user set explicitly to any.
  const bundled = !input('cli') && !input('package');
  const approvalLabel = input('approval-label') || DEFAULT_APPROVAL_LABEL;
  const approvalInEffect = bundled || input('approval-label') !== '';
  const pullRequest = pullRequestOf(process.env.GITHUB_EVENT_PATH, (m) => console.log(`::warning::${shown(m)}`));
  const approved = approvalInEffect && pullRequest?.labels.includes(approvalLabel) === true;
  if (pullRequest)
    console.log(
      `pull request labels: ${pullRequest.labels.map((l) => shown(JSON.stringify(l))).join(', ') || '(none)'}`,
    );
  if (pullRequest && !approvalInEffect)
    console.log(
      `approval: not passed to ${a2acapSource()} (it may not know --approved-by); set the approval-label input to pass it`,
    );
  if (approved) {
    args.push('--approved-by', `label ${JSON.stringify(approvalLabel)}`);
    console.log(
      `approved: the pull request carries the label ${shown(JSON.stringify(approvalLabel))}, so breaking changes pass (reported as approved)`,
    );
  }
  const since = sinceRevision(input('since'), bundled ? pullRequest?.baseSha : undefined, workspace);
  if (since) {
    args.push('--since', since);
    console.log(`since: problems already there at ${shown(since)} are reported as pre-existing and do not fail`);
  } else if (pullRequest?.baseSha && !bundled)
    console.log(
      `since: the pull request's base is not passed to ${a2acapSource()} (it may not know --since); set the since input to compare with it`,
    );
  const env = { ...process.env };
  const allow = input('allow-network');
  if (allow) env.A2ACAP_ALLOW_NETWORK = allow;
  const command = a2acapCommand(input('cli'), input('package'));

  // One run: the annotations on stdout (the step log), SARIF and the markdown summary as --output files in a
  // folder of this run's own, so a report left by an earlier step can never pass for this one.
  mkdirSync(temp, { recursive: true });
  const reports = mkdtempSync(join(temp, 'a2acap-'));
  const sarifOut = join(reports, 'a2acap.sarif');
  const markdownOut = join(reports, 'summary.md');
  const outputs = ['--format', 'github', '--output', `sarif=${sarifOut}`, '--output', `markdown=${markdownOut}`];
  const code = await run([...command, ...args, ...outputs, '--', ...lockfiles], env, workspace);
  const sarif = readIfAny(sarifOut);
  if (!isSarifReport(sarif) || ![0, 1, 2].includes(code))
    throw new Error(
      `a2acap could not be obtained or did not run (${a2acapSource()}, exit ${code}) and wrote no report: nothing was checked (see the lines above)`,
    );
  mkdirSync(dirname(sarifFile), { recursive: true });
  writeFileSync(sarifFile, sarif);
  setOutput('sarif-file', sarifFile);
  setOutput('exit-code', String(code));
  const markdown = readIfAny(markdownOut);
  const hint = code === 1 && pullRequest && approvalInEffect && !approved ? approvalHint(approvalLabel) : '';
  if (hint) console.log(hint);
  if (process.env.GITHUB_STEP_SUMMARY && markdown.trim())
    appendFileSync(
      process.env.GITHUB_STEP_SUMMARY,
      `${markdown.trimEnd()}\n${hint ? `\n${approvalHint(approvalLabel, markdownText)}\n` : ''}`,
    );
  return code;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (err) => {
      // Wrong inputs, and a2acap that could not be obtained, started or finished: not a result. One line as a
      // workflow error annotation, exit 2 as the CLI's "could not run" (never 1, which means "failed at fail-on").
      const message = err instanceof Error ? err.message : String(err);
      console.log(`::error::a2acap action: ${shown(message)}`);
      setOutput('exit-code', '2');
      process.exitCode = 2;
    },
  );
}
