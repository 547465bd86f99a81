/**
 * The MCP server as a model's host runs it: the bundled CLI (`node server/dist/cli.js mcp …`) spawned over stdio by
 * the official SDK's Client and StdioClientTransport. And the CLI itself, spawned, for the answers to compare with.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { strict as assert } from 'node:assert';
import Ajv, { type ValidateFunction } from 'ajv';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { at } from '../at';

export const CLI = join(__dirname, '..', '..', 'server', 'dist', 'cli.js');

export interface McpSession {
  client: Client;
  /** What the server wrote to stderr (it must never write to stdout outside the protocol). */
  stderr: () => string;
  close: () => Promise<void>;
  /** The validator of each tool's declared outputSchema (tools/list, fetched once). */
  outputValidators: () => Promise<Map<string, ValidateFunction>>;
}

export async function startMcp(args: string[], env: Record<string, string> = {}): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp', ...args],
    env: { PATH: process.env.PATH ?? '', ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const client = new Client({ name: 'a2acap-test', version: '0.0.0' });
  await client.connect(transport);
  let validators: Promise<Map<string, ValidateFunction>> | undefined;
  return {
    client,
    stderr: () => stderr,
    close: () => client.close(),
    outputValidators: () => (validators ??= outputValidatorsOf(client)),
  };
}

async function outputValidatorsOf(client: Client): Promise<Map<string, ValidateFunction>> {
  const ajv = new Ajv({ strict: true, allowUnionTypes: true, allErrors: true });
  const { tools } = await client.listTools();
  return new Map(tools.map((t) => [t.name, ajv.compile(t.outputSchema ?? {})]));
}

/**
 * What every successful call answers: `structuredContent` valid under the tool's outputSchema, and one text that is
 * the same value as compact JSON (no indentation: a model pays for every character).
 */
async function assertStructured(session: McpSession, name: string, text: string, structured: unknown): Promise<void> {
  const validate = (await session.outputValidators()).get(name);
  assert.ok(validate, `${name} declares an outputSchema`);
  assert.ok(
    validate(structured),
    `${name}: structuredContent matches its outputSchema: ${JSON.stringify(validate.errors)}`,
  );
  assert.deepEqual(JSON.parse(text), structured, `${name}: the text is the structured answer`);
  assert.doesNotMatch(text, /\n\s|^\s|\s$/, `${name}: the text is compact JSON`);
}

export interface CallAnswer {
  isError: boolean;
  text: string;
  /** A tool error's second text content: the agent's own words, as JSON `{"untrusted": {…}}`. */
  untrusted?: string;
}

export async function callTool(session: McpSession, name: string, args: Record<string, unknown>): Promise<CallAnswer> {
  const result = await session.client.callTool({ name, arguments: args });
  const content = result.content as { type: string; text: string }[];
  assertTexts(content, result.isError === true);
  if (result.isError === true)
    assert.equal(result.structuredContent, undefined, `${name}: an error has no structured answer`);
  else await assertStructured(session, name, at(content, 0).text, result.structuredContent);
  return {
    isError: result.isError === true,
    text: at(content, 0).text,
    ...(content[1] ? { untrusted: content[1].text } : {}),
  };
}

/** One text; a tool error may add a second one, with what the agent said. */
function assertTexts(content: { type: string; text: string }[], isError: boolean): void {
  const max = isError ? 2 : 1;
  if (content.length < 1 || content.length > max || content.some((c) => c.type !== 'text'))
    throw new Error(
      `expected ${max === 1 ? 'one text content' : 'one or two text contents'}, got ${JSON.stringify(content).slice(0, 200)}`,
    );
}

/** A successful call's JSON; a tool error fails the test with its message. */
export async function callJson<T = Record<string, unknown>>(
  session: McpSession,
  name: string,
  args: Record<string, unknown>,
): Promise<T> {
  const answer = await callTool(session, name, args);
  if (answer.isError) throw new Error(`${name} failed: ${answer.text}`);
  return JSON.parse(answer.text) as T;
}

/** The bundled CLI, spawned (asynchronously: agents in this process must keep answering). */
export function runCliSpawned(
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd, env: { PATH: process.env.PATH ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d;
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d;
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
