import { at } from '../at';
/**
 * The examples in README.md, CONTRIBUTING.md and docs/ that show a command with its output are run, and their
 * output compared. The convention (CONTRIBUTING.md, "Examples in the documentation"):
 *
 *   <!-- example: {"cwd": "examples/planner", "agent": "pricing", "card": "no-streaming"} -->   (optional)
 *   ```console
 *   $ a2acap check pricing.a2a-lock.json --live --format text
 *   breaking  pricing.a2a-lock.json
 *   …
 *   $ echo $?
 *   1
 *   ```
 *
 * Lines starting with `$ ` are commands (a trailing ` \` continues one on the next line); the lines up to the next
 * command are its output, stdout and stderr together. `echo $?` prints the exit code of the command before it.
 */

export interface BlockOptions {
  /** Working directory of the block's first command, relative to the copy of the repository. */
  cwd?: string;
  /** The example pricing agent (examples/pricing-agent) must serve this card version on 127.0.0.1:41300. */
  agent?: 'pricing';
  card?: string;
}

export interface Step {
  /** The command as the document writes it (continuation lines included). */
  lines: string[];
  /** The command to run: continuations joined. */
  command: string;
  output: string[];
}

export interface ConsoleBlock {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  options: BlockOptions;
  steps: Step[];
  /** Index of the first and the one-past-last content line in the file's lines. */
  start: number;
  end: number;
}

export function parseConsoleBlocks(file: string, text: string): ConsoleBlock[] {
  const lines = text.split('\n');
  const blocks: ConsoleBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== '```console') continue;
    const marker = /^<!-- example: (\{.*\}) -->$/.exec(lines[i - 1] ?? '');
    const options = marker ? (JSON.parse(at(marker, 1)) as BlockOptions) : {};
    const start = i + 1;
    let end = start;
    while (end < lines.length && lines[end] !== '```') end++;
    if (end === lines.length) throw new Error(`${file}:${i + 1}: console block without a closing fence`);
    const steps: Step[] = [];
    for (let j = start; j < end; j++) {
      const l = at(lines, j);
      if (l.startsWith('$ ')) {
        const cmd = [l];
        while (at(cmd, cmd.length - 1).endsWith(' \\') && j + 1 < end) cmd.push(at(lines, ++j));
        steps.push({
          lines: cmd,
          command: cmd
            .map((c, k) => (k === 0 ? c.slice(2) : c).replace(/\s*\\$/, ''))
            .map((c) => c.trim())
            .join(' '),
          output: [],
        });
      } else {
        if (!steps.length) throw new Error(`${file}:${j + 1}: output before the first "$ " command`);
        at(steps, steps.length - 1).output.push(l);
      }
    }
    blocks.push({ file, line: i + 1, options, steps, start, end });
    i = end;
  }
  return blocks;
}

/**
 * What varies between runs and is written as a placeholder in the documents: random ids (`<uuid>`) and points in
 * time (`<time>`). Ports do not vary: the example agent listens on its documented port.
 */
export function normalise(output: string): string {
  return output
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g, '<time>');
}

/** The block's text as it should read, given each step's actual output. */
export function renderBlock(block: ConsoleBlock, outputs: string[][]): string[] {
  return block.steps.flatMap((s, k) => [...s.lines, ...outputs[k]!]);
}
