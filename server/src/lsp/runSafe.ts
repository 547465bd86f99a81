import type { CancellationToken } from 'vscode-languageserver';
import { LSPErrorCodes, ResponseError } from './languageServer';

/** Where handler failures are logged (the connection console). */
export interface ErrorLog {
  error(message: string): void;
}

/**
 * Runs one request handler: answers "cancelled" when the client gave up, and turns any exception
 * into a logged message plus a harmless default result (an editor feature must never crash the
 * server or show a stack trace to the user).
 */
export async function runSafe<T>(
  log: ErrorLog,
  token: CancellationToken | undefined,
  errorValue: T,
  what: string,
  fn: () => T | Promise<T>,
): Promise<T | ResponseError<void>> {
  if (token?.isCancellationRequested) return cancelled();
  try {
    const result = await fn();
    if (token?.isCancellationRequested) return cancelled();
    return result;
  } catch (error) {
    // Work abandoned because the client cancelled (app/document/pace.ts) is no failure.
    if (token?.isCancellationRequested) return cancelled();
    log.error(`${what} failed: ${describe(error)}`);
    return errorValue;
  }
}

function cancelled(): ResponseError<void> {
  return new ResponseError(LSPErrorCodes.RequestCancelled, 'Request cancelled');
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.message}${error.stack ? `\n${error.stack}` : ''}`;
  return String(error);
}
