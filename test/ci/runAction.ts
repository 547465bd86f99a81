/**
 * Runs action.yml as the GitHub runner runs a composite action, as far as this action uses it: inputs (with
 * their defaults) substituted into each step's `env`, each `run` in bash with the runner's environment
 * (GITHUB_ACTION_PATH, GITHUB_WORKSPACE, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, RUNNER_TEMP, CI), and the action's
 * outputs read back from the steps' GITHUB_OUTPUT files. An expression it does not know fails the run, so
 * action.yml cannot come to rely on something this harness ignores.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';

export const REPO = join(__dirname, '..', '..');

export interface ActionYaml {
  inputs: Record<string, { description: string; required?: boolean; default?: string }>;
  outputs: Record<string, { description: string; value: string }>;
  runs: { using: string; steps: { id?: string; shell: string; run: string; env?: Record<string, string> }[] };
}

export function actionYaml(actionPath: string = REPO): ActionYaml {
  return load(readFileSync(join(actionPath, 'action.yml'), 'utf8')) as ActionYaml;
}

export interface ActionRun {
  code: number | null;
  /** The log: stdout and stderr of the steps. */
  log: string;
  outputs: Record<string, string>;
  summary: string;
}

/** `name<<DELIM\nvalue\nDELIM` and `name=value` lines of a GITHUB_OUTPUT file. */
export function parseOutputFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const heredoc = /^([^=<]+)<<(.+)$/.exec(lines[i]!);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2]!, i + 1);
      out[heredoc[1]!] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (lines[i]!.includes('=')) {
      const at = lines[i]!.indexOf('=');
      out[lines[i]!.slice(0, at)] = lines[i]!.slice(at + 1);
    }
  }
  return out;
}

function substitute(template: string, scope: (expr: string) => string): string {
  return template.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expr: string) => scope(expr));
}

export async function runAction(
  workspace: string,
  runnerTemp: string,
  inputs: Record<string, string>,
  env: Record<string, string> = {},
  /** Where the action is checked out (GITHUB_ACTION_PATH): this repository, or a clone of it. */
  actionPath: string = REPO,
): Promise<ActionRun> {
  const action = actionYaml(actionPath);
  for (const name of Object.keys(inputs))
    if (!(name in action.inputs)) throw new Error(`action.yml declares no input ${name}`);
  const inputValue = (name: string) => inputs[name] ?? action.inputs[name]?.default ?? '';
  const stepOutputs: Record<string, Record<string, string>> = {};
  const summaryFile = join(runnerTemp, '_runner_file_commands', 'step_summary');
  mkdirSync(join(runnerTemp, '_runner_file_commands'), { recursive: true });
  writeFileSync(summaryFile, '');
  let log = '';
  let code: number | null = 0;
  for (const [k, step] of action.runs.steps.entries()) {
    const outputFile = join(runnerTemp, '_runner_file_commands', `set_output_${k}`);
    writeFileSync(outputFile, '');
    const stepEnv: Record<string, string> = {};
    for (const [name, value] of Object.entries(step.env ?? {})) {
      stepEnv[name] = substitute(String(value), (expr) => {
        const m = /^inputs\.([\w-]+)$/.exec(expr);
        if (!m || !(m[1]! in action.inputs)) throw new Error(`action.yml: unknown expression \${{ ${expr} }}`);
        return inputValue(m[1]!);
      });
    }
    const result = await new Promise<{ code: number | null; log: string }>((resolve) => {
      const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run], {
        cwd: workspace,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? runnerTemp,
          CI: 'true',
          GITHUB_ACTIONS: 'true',
          GITHUB_ACTION_PATH: actionPath,
          GITHUB_WORKSPACE: workspace,
          GITHUB_OUTPUT: outputFile,
          GITHUB_STEP_SUMMARY: summaryFile,
          RUNNER_TEMP: runnerTemp,
          ...env,
          ...stepEnv,
        },
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d;
      });
      child.stderr.on('data', (d: Buffer) => {
        out += d;
      });
      child.on('close', (c) => resolve({ code: c, log: out }));
    });
    log += result.log;
    if (step.id) stepOutputs[step.id] = parseOutputFile(readFileSync(outputFile, 'utf8'));
    code = result.code;
    if (code !== 0) break;
  }
  const outputs: Record<string, string> = {};
  for (const [name, { value }] of Object.entries(action.outputs)) {
    outputs[name] = substitute(value, (expr) => {
      const m = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expr);
      if (!m) throw new Error(`action.yml: unknown expression \${{ ${expr} }}`);
      return stepOutputs[m[1]!]?.[m[2]!] ?? '';
    });
  }
  return { code, log, outputs, summary: readFileSync(summaryFile, 'utf8') };
}
