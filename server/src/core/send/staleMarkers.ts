/**
 * Runtime evidence that a compiled profile no longer matches the agent (UnsupportedOperation on streaming,
 * ContentTypeNotSupported, VersionNotSupported…). The refresh path reads these markers, re-fetches the card
 * and re-diffs the profile; it clears a marker once the profile is rebuilt.
 */
export interface StaleMarker {
  /** The agent (card URL or base URL) whose profile is stale. */
  agent: string;
  reason: string;
  /** ISO time of the first observation since the last clear. */
  at: string;
  count: number;
}

export interface StaleMarkers {
  mark(agent: string, reason: string, at: string): void;
  get(agent: string): StaleMarker | undefined;
  list(): StaleMarker[];
  clear(agent: string): void;
}

export function memoryStaleMarkers(): StaleMarkers {
  const markers = new Map<string, StaleMarker>();
  return {
    mark(agent, reason, at) {
      const existing = markers.get(agent);
      markers.set(
        agent,
        existing ? { ...existing, count: existing.count + 1, reason } : { agent, reason, at, count: 1 },
      );
    },
    get: (agent) => markers.get(agent),
    list: () => [...markers.values()],
    clear: (agent) => {
      markers.delete(agent);
    },
  };
}
