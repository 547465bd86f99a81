/**
 * `npm run lint`, a step of its own: the GitHub workflows (.github/workflows/*.yml), the action's metadata
 * (action.yml), the example workflows of examples/github/ and those the documents show (a ```yaml block of docs/
 * with top-level `on:` and `jobs:`) are valid against GitHub's workflow and action schemas, as @action-validator/core checks them. The
 * release workflow cannot run here, so this is what stands between a typo in it and a failed release.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { validateAction, validateWorkflow, type ValidationError } from '@action-validator/core';

export interface WorkflowSource {
  /** Where it is, as a person finds it: `path` or `path:line` for a block of a document. */
  where: string;
  kind: 'workflow' | 'action';
  text: string;
}

const EXAMPLE_WORKFLOW = /^on:/m;
const EXAMPLE_JOBS = /^jobs:/m;

/** Every workflow and action file of the repository, and the complete workflows in docs/*.md. */
export function workflowSources(root: string): WorkflowSource[] {
  const sources: WorkflowSource[] = [];
  const dir = join(root, '.github', 'workflows');
  if (existsSync(dir))
    for (const f of readdirSync(dir)
      .filter((f) => /\.ya?ml$/.test(f))
      .sort())
      sources.push({ where: `.github/workflows/${f}`, kind: 'workflow', text: readFileSync(join(dir, f), 'utf8') });
  const examples = join(root, 'examples', 'github');
  if (existsSync(examples))
    for (const f of readdirSync(examples)
      .filter((f) => /\.ya?ml$/.test(f))
      .sort())
      sources.push({ where: `examples/github/${f}`, kind: 'workflow', text: readFileSync(join(examples, f), 'utf8') });
  for (const f of ['action.yml', 'action.yaml'])
    if (existsSync(join(root, f)))
      sources.push({ where: f, kind: 'action', text: readFileSync(join(root, f), 'utf8') });
  for (const f of readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()) {
    const doc = readFileSync(join(root, 'docs', f), 'utf8');
    for (const m of doc.matchAll(/^```ya?ml\n([\s\S]*?)^```/gm)) {
      const text = m[1] ?? '';
      if (!EXAMPLE_WORKFLOW.test(text) || !EXAMPLE_JOBS.test(text)) continue;
      const line = doc.slice(0, m.index).split('\n').length + 1;
      sources.push({ where: `docs/${f}:${line}`, kind: 'workflow', text });
    }
  }
  return sources;
}

/** One line per error: where, the schema path and what is wrong (the innermost reasons of a oneOf). */
export function workflowProblems(source: WorkflowSource): string[] {
  const result = source.kind === 'action' ? validateAction(source.text) : validateWorkflow(source.text);
  return result.errors.flatMap((e) => leaves(e)).map((e) => `${source.where}: ${describe(e)}`);
}

function leaves(error: ValidationError): ValidationError[] {
  const states = 'states' in error ? (error.states ?? []) : [];
  const inner = states.flatMap((s) => s.errors.flatMap(leaves));
  return inner.length ? inner : [error];
}

function describe(error: ValidationError): string {
  const at = 'path' in error && error.path ? `${error.path}: ` : '';
  const line = 'location' in error && error.location ? `line ${error.location.line}: ` : '';
  return `${line}${at}${error.title}${error.detail ? ` (${error.detail})` : ''}`;
}

export function lintWorkflows(root: string, log: (line: string) => void = console.log): number {
  const sources = workflowSources(root);
  const problems = sources.flatMap(workflowProblems);
  if (!problems.length) {
    log(`workflows: ${sources.length} valid (${sources.map((s) => s.where).join(', ')})`);
    return 0;
  }
  for (const p of problems) log(p);
  return 1;
}

if (require.main === module) process.exitCode = lintWorkflows(process.cwd());
