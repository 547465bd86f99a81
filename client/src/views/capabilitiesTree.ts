import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { CapabilitiesRequest, type CapabilitiesResult, type CapabilityNode } from '../../../server/src/protocol';

export const CAPABILITIES_VIEW_ID = 'a2aCapabilities';

/**
 * Colours for the icons that carry a verdict (claimed vs verified evidence, check results): green for
 * verified, red for refuted or breaking, yellow for warnings. Other icons keep the theme's colour.
 */
const ICON_COLORS: Record<string, string> = {
  verified: 'testing.iconPassed',
  error: 'testing.iconFailed',
  warning: 'problemsWarningIcon.foreground',
};

/**
 * "A2A Capabilities": the compiled profile of the active card or lockfile, as the server builds it
 * (a2a/capabilities). The view only renders; every label is plain text computed by the server.
 */
export class CapabilitiesTreeProvider implements vscode.TreeDataProvider<CapabilityNode> {
  private readonly changed = new vscode.EventEmitter<CapabilityNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private result: CapabilitiesResult | undefined;
  private uri: vscode.Uri | undefined;

  constructor(private readonly client: () => LanguageClient | undefined) {}

  /** The last payload (status item and tests read it). */
  get current(): CapabilitiesResult | undefined {
    return this.result;
  }

  /** Re-requests the payload for `uri` (or clears the view). Returns it for convenience. */
  async refresh(uri: vscode.Uri | undefined): Promise<CapabilitiesResult | undefined> {
    this.uri = uri;
    const client = this.client();
    this.result =
      uri && client?.isRunning()
        ? await client.sendRequest(CapabilitiesRequest.type, { uri: uri.toString() }).then(
            (r) => r,
            () => undefined,
          )
        : undefined;
    this.changed.fire(undefined);
    return this.result;
  }

  getTreeItem(node: CapabilityNode): vscode.TreeItem {
    const state = node.children?.length
      ? node.id.split('/').length <= 2
        ? vscode.TreeItemCollapsibleState.Expanded
        : vscode.TreeItemCollapsibleState.Collapsed
      : vscode.TreeItemCollapsibleState.None;
    const item = new vscode.TreeItem(node.label, state);
    item.id = node.id;
    item.description = node.description;
    item.tooltip = node.tooltip;
    if (node.icon) {
      const color = ICON_COLORS[node.icon];
      item.iconPath = color
        ? new vscode.ThemeIcon(node.icon, new vscode.ThemeColor(color))
        : new vscode.ThemeIcon(node.icon);
    }
    if (node.range && this.uri) {
      const r = node.range;
      const selection = new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);
      item.command = {
        command: 'vscode.open',
        title: 'Reveal',
        arguments: [this.uri, { selection, preserveFocus: true }],
      };
    }
    return item;
  }

  getChildren(node?: CapabilityNode): CapabilityNode[] {
    if (node) return node.children ?? [];
    return this.result?.nodes ?? [];
  }
}
