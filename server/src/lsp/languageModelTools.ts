/**
 * The editor's language-model tools (client/src/lmTools.ts) run here, through the same tool functions as
 * `a2acap mcp` (server/src/mcp/): the workspace folders are the roots; a trusted workspace may reach what URLs from
 * repository content may reach (repositoryAllowance: loopback and private unless the user narrowed it), since a
 * model's arguments are as untrusted as repository content; an untrusted one reaches nothing, so a tool that needs
 * the network answers why not. No credential is ever given to these tools.
 */
import { realpathSync } from 'node:fs';
import { LanguageModelToolGateRequest, LanguageModelToolRequest, type LanguageModelToolResult } from '../protocol';
import { invokeTool } from '../mcp/invoke';
import { toolCallGate } from '../mcp/toolNetwork';
import { createToolWorld, type ToolWorld } from '../mcp/world';
import type { ServerContext } from './context';
import { UNTRUSTED, toolAllowance } from '../app/document/networkAccess';
import { invalidParams } from './requestParams';
import { runSafe } from './runSafe';

function realRoots(folders: readonly string[]): string[] {
  return folders.map((f) => {
    try {
      return realpathSync(f);
    } catch {
      return f;
    }
  });
}

export function registerLanguageModelTools(ctx: ServerContext): void {
  const lastChecked: ToolWorld['lastChecked'] = new Map();
  ctx.connection.onRequest(
    LanguageModelToolGateRequest.type,
    (params) => invalidParams(params, { tool: 'string' }) ?? toolCallGate(params.tool, params.input),
  );
  ctx.connection.onRequest(
    LanguageModelToolRequest.type,
    (params, token) =>
      invalidParams(params, { tool: 'string' }) ??
      runSafe<LanguageModelToolResult>(
        ctx.connection.console,
        token,
        { ok: false, message: 'the tool failed with an internal error' },
        'language-model tool',
        async () => {
          const settings = await ctx.world.settings('');
          const { trusted, allow } = toolAllowance(settings);
          const roots = realRoots(ctx.world.workspaceFolders());
          if (roots.length === 0)
            return {
              ok: false,
              message: `${params.tool}: open a folder: these tools read cards and lockfiles inside the workspace folders only`,
            };
          const world = createToolWorld({
            roots,
            allow,
            http: trusted ? ctx.world.network.get(settings) : null,
            ...(trusted ? {} : { networkOff: UNTRUSTED }),
            maxCardBytes: settings.maxCardBytes,
            lastChecked,
          });
          // The editor's tools answer text parts only: the structured copy of the answer is for MCP clients.
          const outcome = await invokeTool(world, params.tool, params.input);
          return outcome.ok ? { ok: true, text: outcome.text } : outcome;
        },
      ),
  );
}
